import { BatchingApiEventRecorder } from '../../adapters/api-event-log/batching-api-event-recorder';
import { DEFAULT_BATCHING } from '../../adapters/api-event-log/batching-options';
import type { SalesAppDeps } from '../../adapters/http/sales/sales-app';
import { ApiEventStore } from '../../application/sales-identity/ports';
import { Clock, IdGenerator, RateLimitStore } from '../../application/shared/ports';
import type { Resolve } from '../container';
import { Platform } from '../platform';
import type { SalesIdentityOptions } from '../sales-identity';

/** The sales area's request wrapping: the API event log (CONTRACT 9.5) and the spec part 8 limiter. */
/** The API event log's write-behind buffer (CONTRACT 9.5), watched by the metrics and flushed at shutdown. */
export function apiEventRecorder(get: Resolve, options: SalesIdentityOptions): BatchingApiEventRecorder {
  const { config, logger, metrics, closables } = get(Platform);
  const recorder = new BatchingApiEventRecorder(
    get(ApiEventStore),
    logger,
    {
      ...DEFAULT_BATCHING,
      maxBuffered: config.eventLogBufferSize,
      ...(options.apiEventFlushIntervalMs === undefined ? {} : { flushIntervalMs: options.apiEventFlushIntervalMs }),
    },
    get(Clock),
    get(IdGenerator),
  );
  metrics.sales.watchApiEventLog(recorder);
  // The runtime flushes the buffer at shutdown, before the MongoDB client closes.
  closables.push(recorder);
  return recorder;
}

/** What the sales app wraps every request in. */
export function appMiddlewareOf(
  get: Resolve,
  options: SalesIdentityOptions,
  eventRecorder: BatchingApiEventRecorder,
): Required<Pick<SalesAppDeps, 'rateLimit' | 'eventLog'>> {
  const { config } = get(Platform);
  return {
    rateLimit: {
      store: get(RateLimitStore),
      trustProxy: config.trustProxy,
      ...(options.salesRateLimit === undefined ? {} : { defaultRule: options.salesRateLimit }),
      ...(options.salesRateLimitRuleFor === undefined ? {} : { ruleFor: options.salesRateLimitRuleFor }),
    },
    eventLog: { recorder: eventRecorder, ids: get(IdGenerator), trustProxy: config.trustProxy },
  };
}

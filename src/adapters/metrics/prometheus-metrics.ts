import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { LEAD_PROVIDERS, type LeadProvider } from '../../domain/hub-leads/lead';
import {
  DELIVERY_OUTCOMES,
  DELIVERY_TRIGGERS,
  WEBHOOK_OUTCOMES,
  API_EVENT_BUFFERS,
  type ApiEventLogState,
  type DeliveryOutcome,
  type DeliveryTrigger,
  type HubMetrics,
  type MetricsExposition,
  type RateLimiterName,
  type SalesMetrics,
  type ServiceMetrics,
  type WebhookOutcome,
} from './metrics';
import { RequestDurationHistogram } from './request-duration-histogram';
import { currentTracing } from '../tracing/tracing-handle';

/** Every metric of ours starts with this; the process metrics keep prom-client's standard names. */
export const METRIC_PREFIX = 'brokerhub_';

let processRegistry: Registry | undefined;

/**
 * The process metrics (CPU, memory, event-loop lag, GC, handles) describe the process, not one
 * composition: they live on one registry of their own, filled by `collectDefaultMetrics` once per
 * process, and every service's exposition appends its own registry to it. Tests and benchmarks
 * compose many runtimes in one process: each gets fresh service registries (no name collision, no
 * count leaking from one test to the next) while the event-loop and GC monitors are started once.
 * prom-client's global default registry is never used.
 */
function processMetrics(): Registry {
  if (processRegistry === undefined) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
    traceDropsOn(processRegistry);
  }
  return processRegistry;
}

/**
 * CONTRACT 13: spans finished but never delivered to the collector (queue full, export failed, left
 * at shutdown). A process total, read when scraped; always 0 with tracing off.
 */
function traceDropsOn(registry: Registry): void {
  let seen = 0;
  new Counter({
    name: `${METRIC_PREFIX}trace_spans_dropped_total`,
    help: 'Trace spans dropped before reaching the OTLP collector (queue full, export failed, or left at shutdown)',
    registers: [registry],
    collect() {
      const total = currentTracing().droppedSpans();
      this.inc(Math.max(0, total - seen));
      seen = Math.max(seen, total);
    },
  });
}

/** What both services measure: request durations and rate-limit rejections. */
abstract class PrometheusServiceMetrics implements ServiceMetrics, MetricsExposition {
  protected readonly registry = new Registry();
  private readonly process = processMetrics();
  /** Observed on every request: kept off prom-client's per-call label hashing (request-duration-histogram.ts). */
  private readonly requestDuration = new RequestDurationHistogram(
    `${METRIC_PREFIX}http_request_duration_seconds`,
    'HTTP requests by method, route pattern (unmatched: any path no route declares) and status, with their duration',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  private readonly rateLimitRejections: Counter<'limiter'>;

  readonly exposition: MetricsExposition = this;
  readonly contentType = Registry.PROMETHEUS_CONTENT_TYPE;

  constructor(limiters: readonly RateLimiterName[]) {
    this.rateLimitRejections = new Counter({
      name: `${METRIC_PREFIX}rate_limit_rejections_total`,
      help: 'Requests refused with 429 by a rate limiter, by limiter',
      labelNames: ['limiter'],
      registers: [this.registry],
    });
    for (const limiter of limiters) this.rateLimitRejections.inc({ limiter }, 0);
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requestDuration.observe(method, route, status, seconds);
  }

  rateLimited(limiter: RateLimiterName): void {
    this.rateLimitRejections.inc({ limiter });
  }

  /** The process metrics, then this service's, in the Prometheus text format. */
  async render(): Promise<string> {
    const [processText, serviceText] = await Promise.all([this.process.metrics(), this.registry.metrics()]);
    return `${processText}\n${serviceText}\n${this.requestDuration.text()}`;
  }
}

export class PrometheusSalesMetrics extends PrometheusServiceMetrics implements SalesMetrics {
  private readonly deliveries: Counter<'trigger' | 'outcome'>;
  private eventLog: ApiEventLogState | undefined;

  constructor() {
    super(['sales_ip_route']);
    this.deliveries = new Counter({
      name: `${METRIC_PREFIX}sale_webhook_deliveries_total`,
      help: 'Outbound sale webhook deliveries (one POST of one or more sales) by trigger and outcome',
      labelNames: ['trigger', 'outcome'],
      registers: [this.registry],
    });
    for (const trigger of DELIVERY_TRIGGERS)
      for (const outcome of DELIVERY_OUTCOMES) this.deliveries.inc({ trigger, outcome }, 0);
    apiEventLogMetricsOn(this.registry, () => this.eventLog);
  }

  delivery(trigger: DeliveryTrigger, outcome: DeliveryOutcome): void {
    this.deliveries.inc({ trigger, outcome });
  }

  watchApiEventLog(log: ApiEventLogState): void {
    this.eventLog = log;
  }
}

type EventLogRead = () => ApiEventLogState | undefined;

/** A counter that follows a total the event log keeps (read when scraped: no cost per request). */
function followed(read: () => number) {
  let seen = 0;
  return (counter: Counter, labels: Record<string, string> = {}) => {
    const total = read();
    if (total > seen) counter.inc(labels, total - seen);
    else counter.inc(labels, 0);
    seen = Math.max(seen, total);
  };
}

/** CONTRACT 9.5: the API event log's buffers (depth, drops) and its counts of refused requests. */
function apiEventLogMetricsOn(registry: Registry, log: EventLogRead): void {
  new Gauge({
    name: `${METRIC_PREFIX}api_event_log_queue_depth`,
    help:
      'API event-log entries waiting to be written, by buffer (authenticated requests; the rest, counts of ' +
      'refused requests included)',
    labelNames: ['buffer'],
    registers: [registry],
    collect() {
      for (const buffer of API_EVENT_BUFFERS) this.set({ buffer }, log()?.bufferState(buffer).depth ?? 0);
    },
  });
  const droppedBy = new Map(
    API_EVENT_BUFFERS.map((buffer) => [buffer, followed(() => log()?.bufferState(buffer).dropped ?? 0)]),
  );
  new Counter({
    name: `${METRIC_PREFIX}api_event_log_dropped_total`,
    help: 'API event-log entries dropped because their buffer was full, by buffer',
    labelNames: ['buffer'],
    registers: [registry],
    collect() {
      for (const [buffer, follow] of droppedBy) follow(this, { buffer });
    },
  });
  refusedCountMetricsOn(registry, log);
}

function refusedCountMetricsOn(registry: Registry, log: EventLogRead): void {
  new Gauge({
    name: `${METRIC_PREFIX}api_event_log_refused_open_counts`,
    help:
      'Counts of refused requests (client IP, route pattern, status, minute) open now; each becomes one entry ' +
      'when its minute closes',
    registers: [registry],
    collect() {
      this.set(log()?.refusedCounts.openKeys ?? 0);
    },
  });
  const counted = followed(() => log()?.refusedCounts.counted ?? 0);
  new Counter({
    name: `${METRIC_PREFIX}api_event_log_refused_requests_total`,
    help:
      'Requests refused before any work (401, 429, the 503 of a saturated resource), counted rather than ' +
      'logged one by one',
    registers: [registry],
    collect() {
      counted(this);
    },
  });
  const overflowed = followed(() => log()?.refusedCounts.overflowed ?? 0);
  new Counter({
    name: `${METRIC_PREFIX}api_event_log_refused_overflow_total`,
    help:
      'Of those, the requests counted under the overflow entry of their minute because the bound of open ' +
      'counts was reached',
    registers: [registry],
    collect() {
      overflowed(this);
    },
  });
}

export class PrometheusHubMetrics extends PrometheusServiceMetrics implements HubMetrics {
  private readonly webhookEvents: Counter<'provider' | 'outcome'>;

  constructor() {
    super(['hub_ip_path', 'hub_webhook_organization']);
    this.webhookEvents = new Counter({
      name: `${METRIC_PREFIX}inbound_webhook_events_total`,
      help: 'Inbound webhooks that reached their route, by provider and outcome',
      labelNames: ['provider', 'outcome'],
      registers: [this.registry],
    });
    for (const provider of LEAD_PROVIDERS)
      for (const outcome of WEBHOOK_OUTCOMES) this.webhookEvents.inc({ provider, outcome }, 0);
  }

  webhookEvent(provider: LeadProvider, outcome: WebhookOutcome): void {
    this.webhookEvents.inc({ provider, outcome });
  }
}

// The maintained instrumentations for what brokerhub uses, and what each may record. Supported ranges
// checked against our versions: instrumentation-mongodb `mongodb >=3.3 <8` (we run 7.x),
// instrumentation-ioredis `ioredis >=2 <7` (6.x), instrumentation-undici `undici >=5.12` and Node's
// fetch (diagnostics_channel: the sale webhook and the CRM fetch use undici's `request`, the openai
// package Node's global fetch), instrumentation-http (outbound node:http).
// instrumentation-koa is not used: it opens a span per middleware (a dozen per request, against the
// 0.9 throughput target of CONTRACT 13) and records raw exception messages. instrumentation-http
// traces outbound calls only: the server span is made by our own middleware (server-span.ts).
import type { TracerProvider } from '@opentelemetry/api';
import { registerInstrumentations, type Instrumentation } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';

/**
 * CONTRACT 13: no database command values. instrumentation-mongodb hands its serializer the command's
 * filter or the command itself (values included) but not the command name, so nothing is taken from
 * it here; the scrubber writes the statement as `<command> <collection>` (span-scrubber.ts).
 */
const NO_MONGO_VALUES = (): string => '';

export function registerTracingInstrumentations(tracerProvider: TracerProvider): void {
  const instrumentations: Instrumentation[] = [
    new HttpInstrumentation({
      // The SERVER span is ours (server-span.ts, mounted by trace-route.ts): node:http's servers are
      // not patched at all, so a request pays for one span and nothing of this instrumentation.
      disableIncomingRequestInstrumentation: true,
      // Outbound calls through node:http outside a trace (there are none of ours) make no root spans.
      requireParentforOutgoingSpans: true,
    }),
    new UndiciInstrumentation({ requireParentforSpans: true }),
    new MongoDBInstrumentation({ requireParentSpan: true, dbStatementSerializer: NO_MONGO_VALUES }),
    // Only the command name: its arguments are keys and values (rate-limit keys carry IP addresses).
    new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (name) => name }),
  ];
  registerInstrumentations({ tracerProvider, instrumentations });
}

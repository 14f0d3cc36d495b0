// Counting the spans that never reach the collector (CONTRACT 13, 9.5), for
// `brokerhub_trace_spans_dropped_total`. The BatchSpanProcessor reports every span it is done with on
// its self-observability counter `otel.sdk.processor.span.processed`, with `error.type` when the span
// was not delivered (`queue_full`, or the export's error); a minimal MeterProvider takes that counter.
import { createNoopMeter, type Attributes, type Counter, type Meter, type MeterProvider } from '@opentelemetry/api';
import type { Context } from '@opentelemetry/api';
import { TraceFlags } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace';
import { scrubSpan } from './span-scrubber';

export class SpanAccounting {
  /** Sampled spans handed to the batch processor. */
  queued = 0;
  /** Spans the batch processor is done with, delivered or not. */
  finished = 0;
  /** Of those, the ones not delivered. */
  failed = 0;
  /** Spans still queued when the shutdown budget ran out. */
  abandoned = 0;

  dropped(): number {
    return this.failed + this.abandoned;
  }

  /** At a shutdown cut short: what was queued and never finished is lost. */
  abandonUnfinished(): void {
    this.abandoned = Math.max(0, this.queued - this.finished);
  }

  meterProvider(): MeterProvider {
    const noop = createNoopMeter();
    const processed: Counter = {
      add: (value: number, attributes?: Attributes) => {
        this.finished += value;
        if (attributes?.['error.type'] !== undefined) this.failed += value;
      },
    };
    const meter: Meter = {
      ...noop,
      createHistogram: noop.createHistogram.bind(noop),
      createGauge: noop.createGauge.bind(noop),
      createUpDownCounter: noop.createUpDownCounter.bind(noop),
      createObservableGauge: noop.createObservableGauge.bind(noop),
      createObservableCounter: noop.createObservableCounter.bind(noop),
      createObservableUpDownCounter: noop.createObservableUpDownCounter.bind(noop),
      addBatchObservableCallback: noop.addBatchObservableCallback.bind(noop),
      removeBatchObservableCallback: noop.removeBatchObservableCallback.bind(noop),
      createCounter: (name: string) =>
        name === 'otel.sdk.processor.span.processed' ? processed : noop.createCounter(name),
    };
    return { getMeter: () => meter };
  }
}

/**
 * In front of the batch processor: scrubs each ended span (span-scrubber.ts) and counts the sampled
 * ones it passes on, so a shutdown cut short knows how many it leaves behind.
 */
export class ScrubbingSpanProcessor implements SpanProcessor {
  constructor(
    private readonly next: SpanProcessor,
    private readonly accounting: SpanAccounting,
  ) {}

  onStart(span: Span, parentContext: Context): void {
    this.next.onStart(span, parentContext);
  }

  onEnd(span: ReadableSpan): void {
    if ((span.spanContext().traceFlags & TraceFlags.SAMPLED) === 0) return;
    scrubSpan(span);
    this.accounting.queued += 1;
    this.next.onEnd(span);
  }

  forceFlush(): Promise<void> {
    return this.next.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.next.shutdown();
  }
}

// The process's tracing (CONTRACT 13), as the rest of the code sees it. This module loads nothing of
// OpenTelemetry: with tracing off (no OTLP endpoint) the handle below is the no-op one, so a request
// or a log line pays nothing for tracing beyond reading one module variable at start-up.

/** What a server span is named by and carries (set by the Koa middleware, see trace-route.ts). */
export type TracedService = 'sales' | 'hub';

/** An incoming request as its SERVER span sees it (nothing of the path, the query or the body). */
export interface TracedRequest {
  readonly service: TracedService;
  readonly method: string;
  /** The request's headers: only `traceparent` and `tracestate` are read (W3C trace context). */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly httpVersion: string;
  readonly localPort: number | undefined;
}

/** What the request was answered with: the route pattern that answered (undefined: none) and the status. */
export interface TracedAnswer {
  readonly route: string | undefined;
  readonly status: number;
}

export interface Tracing {
  readonly enabled: boolean;
  /** The `service.name` of this process's resource (undefined when off). */
  readonly serviceName: string | undefined;
  /** pino mixin adding `trace_id` and `span_id` of the active span; undefined when off (no mixin at all). */
  readonly logMixin: (() => object) | undefined;
  /**
   * Runs `handle` inside the request's SERVER span (continuing an incoming `traceparent`), then names it
   * `<METHOD> <route>` from `answerOf()`; undefined when off (no middleware is mounted).
   */
  readonly traceRequest:
    ((request: TracedRequest, handle: () => Promise<void>, answerOf: () => TracedAnswer) => Promise<void>) | undefined;
  /** Runs `work` as the root span of a new trace named `name` (a CLI command); off: runs `work`. */
  runRoot<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Exports what is queued, giving up after `budgetMs` (what is left unsent is counted as dropped). */
  flush(budgetMs: number): Promise<void>;
  /** Flushes within `budgetMs`, then stops the exporter; safe to call twice. */
  shutdown(budgetMs: number): Promise<void>;
  /** Spans finished but never delivered: queue full, export failed, or left at shutdown. */
  droppedSpans(): number;
}

export const TRACING_OFF: Tracing = {
  enabled: false,
  serviceName: undefined,
  logMixin: undefined,
  traceRequest: undefined,
  runRoot: (_name, work) => work(),
  flush: async () => undefined,
  shutdown: async () => undefined,
  droppedSpans: () => 0,
};

let current: Tracing = TRACING_OFF;

export function currentTracing(): Tracing {
  return current;
}

/** Called once, by register.ts, before the instrumented modules are loaded. */
export function installTracing(tracing: Tracing): void {
  current = tracing;
}

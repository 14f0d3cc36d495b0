// The process's tracing (CONTRACT 13), as the rest of the code sees it. This module loads nothing of
// OpenTelemetry: with tracing off (no OTLP endpoint) the handle below is the no-op one, so a request
// or a log line pays nothing for tracing beyond reading one module variable at start-up.

/** What a server span is named by and carries (set by the Koa middleware, see trace-route.ts). */
export type TracedService = 'sales' | 'hub';

export interface Tracing {
  readonly enabled: boolean;
  /** The `service.name` of this process's resource (undefined when off). */
  readonly serviceName: string | undefined;
  /** pino mixin adding `trace_id` and `span_id` of the active span; undefined when off (no mixin at all). */
  readonly logMixin: (() => object) | undefined;
  /** Names the active SERVER span `<METHOD> <route>`; undefined when off (no middleware is mounted). */
  readonly nameServerSpan: ((service: TracedService, route: string | undefined) => void) | undefined;
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
  nameServerSpan: undefined,
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

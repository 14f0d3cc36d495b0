// The OpenTelemetry SDK of a traced process (CONTRACT 13), loaded by register.ts only when an OTLP
// endpoint is set, before the instrumented modules are required (the instrumentations hook CommonJS
// `require`, which is how both the tsc build and tsx load this code base).
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import {
  defaultResource,
  detectResources,
  resourceAttributesEnvDetector,
  resourceFromAttributes,
  serviceNameEnvDetector,
} from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { registerTracingInstrumentations } from './instrumentations';
import { contextManagerFor } from './promise-context-manager';
import { ScrubbingSpanProcessor, SpanAccounting } from './span-accounting';
import { batchSettingsFromEnv, protocolFromEnv, samplerFromEnv } from './tracing-env';
import { serverSpanOf } from './server-span';
import type { Tracing } from './tracing-handle';

type Env = Readonly<Record<string, string | undefined>>;

/** Settles with `work` or after `ms`, whichever comes first; true when `work` finished. */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, ms));
    timer.unref();
  });
  try {
    return await Promise.race([
      work.then(
        () => true as const,
        () => true as const,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function startTracing(env: Env, serviceName: string, warn: (line: string) => void): Tracing {
  const accounting = new SpanAccounting();
  const { provider, resource } = tracerProviderOf(env, serviceName, warn, accounting);
  context.setGlobalContextManager(contextManagerFor(process.versions.node).enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  registerTracingInstrumentations(provider);
  const tracer = provider.getTracer('brokerhub');

  let stopping: Promise<void> | undefined;
  return {
    enabled: true,
    serviceName: resource.attributes['service.name'] as string | undefined,
    logMixin,
    traceRequest: serverSpanOf(tracer),
    runRoot: (name, work) => runRoot(tracer, name, work),
    flush: async (budgetMs) => {
      await within(provider.forceFlush(), budgetMs);
    },
    shutdown: (budgetMs) => {
      stopping ??= (async () => {
        if (!(await within(provider.shutdown(), budgetMs))) accounting.abandonUnfinished();
      })();
      return stopping;
    },
    droppedSpans: () => accounting.dropped(),
  };
}

function tracerProviderOf(env: Env, serviceName: string, warn: (line: string) => void, accounting: SpanAccounting) {
  const exporter = protocolFromEnv(env, warn) === 'http/json' ? new JsonExporter() : new ProtobufExporter();
  const batch = new BatchSpanProcessor({
    exporter,
    ...batchSettingsFromEnv(env),
    selfObsMeterProvider: accounting.meterProvider(),
  });
  // The resource: our default name, then OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME over it. No
  // process or host detector: the process one records the command line, which can carry a password.
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': serviceName }))
    .merge(detectResources({ detectors: [resourceAttributesEnvDetector, serviceNameEnvDetector] }));
  const provider = new TracerProvider({
    resource,
    sampler: samplerFromEnv(env, warn),
    spanProcessors: [new ScrubbingSpanProcessor(batch, accounting)],
  });
  return { provider, resource };
}

function logMixin(): object {
  const span = trace.getSpan(context.active());
  // A fresh object each time: pino merges the line's fields into what the mixin returns.
  if (span === undefined) return {};
  const ids = span.spanContext();
  return { trace_id: ids.traceId, span_id: ids.spanId };
}

function runRoot<T>(tracer: Tracer, name: string, work: () => Promise<T>): Promise<T> {
  const span = tracer.startSpan(
    name,
    { kind: SpanKind.INTERNAL, root: true, attributes: { 'brokerhub.command': name } },
    ROOT_CONTEXT,
  );
  return context.with(trace.setSpan(ROOT_CONTEXT, span), async () => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Error) span.recordException(error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

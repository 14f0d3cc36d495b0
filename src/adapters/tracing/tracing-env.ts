// The standard OTEL_* variables the trace SDK packages leave to their caller. The OTLP exporters read
// their own (`OTEL_EXPORTER_OTLP_[TRACES_]ENDPOINT`, `_HEADERS`, `_TIMEOUT`, `_COMPRESSION`); the
// TracerProvider and the BatchSpanProcessor of @opentelemetry/sdk-trace 3.x read none, so the sampler,
// the batch settings and the protocol are decoded here, as the specification defines them.
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type Sampler,
} from '@opentelemetry/sdk-trace';

type Env = Readonly<Record<string, string | undefined>>;

const valueOf = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

/** A ratio in [0, 1]; anything else is the specification's default, 1. */
function ratioOf(env: Env): number {
  const ratio = Number(valueOf(env, 'OTEL_TRACES_SAMPLER_ARG') ?? '1');
  return Number.isFinite(ratio) && ratio >= 0 && ratio <= 1 ? ratio : 1;
}

/**
 * `OTEL_TRACES_SAMPLER` (default `parentbased_always_on`) and `OTEL_TRACES_SAMPLER_ARG`. An unknown
 * name falls back to the default with a warning, as the SDKs do: a typo must not stop a service.
 */
export function samplerFromEnv(env: Env, warn: (line: string) => void): Sampler {
  const name = (valueOf(env, 'OTEL_TRACES_SAMPLER') ?? 'parentbased_always_on').toLowerCase();
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratioOf(env));
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratioOf(env)) });
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    default:
      warn(`OTEL_TRACES_SAMPLER=${name} is not supported here: using parentbased_always_on`);
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

export interface BatchSettings {
  readonly scheduledDelayMillis: number;
  readonly maxQueueSize: number;
  readonly maxExportBatchSize: number;
  readonly exportTimeoutMillis: number;
}

const positiveInteger = (env: Env, name: string, fallback: number): number => {
  const value = Number(valueOf(env, name) ?? fallback);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/** `OTEL_BSP_*`, with the specification's defaults. */
export function batchSettingsFromEnv(env: Env): BatchSettings {
  return {
    scheduledDelayMillis: positiveInteger(env, 'OTEL_BSP_SCHEDULE_DELAY', 5_000),
    maxQueueSize: positiveInteger(env, 'OTEL_BSP_MAX_QUEUE_SIZE', 2_048),
    maxExportBatchSize: positiveInteger(env, 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE', 512),
    exportTimeoutMillis: positiveInteger(env, 'OTEL_BSP_EXPORT_TIMEOUT', 30_000),
  };
}

/** `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL`, else `OTEL_EXPORTER_OTLP_PROTOCOL`; `http/protobuf` by default. */
export function protocolFromEnv(env: Env, warn: (line: string) => void): 'http/protobuf' | 'http/json' {
  const protocol = valueOf(env, 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL') ?? valueOf(env, 'OTEL_EXPORTER_OTLP_PROTOCOL');
  if (protocol === undefined || protocol === 'http/protobuf') return 'http/protobuf';
  if (protocol === 'http/json') return 'http/json';
  warn(`OTLP protocol ${protocol} is not supported (only http/protobuf and http/json): using http/protobuf`);
  return 'http/protobuf';
}

// Whether this process traces, and its default service name (CONTRACT 13): pure functions of the
// environment and the command line, read before anything else is loaded (register.ts).

type Env = Readonly<Record<string, string | undefined>>;

const isSet = (value: string | undefined): boolean => value !== undefined && value.trim() !== '';

/**
 * On only with an OTLP endpoint (CONTRACT 13: unset, nothing of any signal leaves the process).
 * The standard switches that turn an SDK off still do: `OTEL_SDK_DISABLED=true`,
 * `OTEL_TRACES_EXPORTER=none`.
 */
export function tracingRequested(env: Env): boolean {
  if (!isSet(env.OTEL_EXPORTER_OTLP_ENDPOINT) && !isSet(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)) return false;
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  return env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() !== 'none';
}

/** Options of the program itself (before the command) that take a value: none today (`--json` takes none). */
const firstCommand = (argv: readonly string[]): string | undefined => argv.find((arg) => !arg.startsWith('-'));

/** The value of `--only` (`--only hub` or `--only=hub`) after the command. */
function onlyOption(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--only') return argv[i + 1];
    if (arg.startsWith('--only=')) return arg.slice('--only='.length);
  }
  return undefined;
}

/** `brokerhub-sales`, `brokerhub-hub`, `brokerhub` (serve with both) or `brokerhub-cli` (CONTRACT 13). */
export function defaultServiceName(argv: readonly string[]): string {
  if (firstCommand(argv) !== 'serve') return 'brokerhub-cli';
  const only = onlyOption(argv);
  return only === 'sales' || only === 'hub' ? `brokerhub-${only}` : 'brokerhub';
}

/** `OTEL_SERVICE_NAME` overrides the default (CONTRACT 13). */
export function serviceNameOf(env: Env, argv: readonly string[]): string {
  const named = env.OTEL_SERVICE_NAME;
  return named !== undefined && named.trim() !== '' ? named.trim() : defaultServiceName(argv);
}

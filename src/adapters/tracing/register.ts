// Imported by the process entry point (main.ts) before anything else it loads: with an OTLP endpoint
// set (CONTRACT 13) the SDK starts here, so its instrumentations hook the modules required after it.
// Without one, nothing of OpenTelemetry is loaded at all (`require` below is never reached).
import type * as TracingSdk from './tracing-sdk';
import { installTracing } from './tracing-handle';
import { serviceNameOf, tracingRequested } from './tracing-switch';

if (tracingRequested(process.env)) {
  // oxlint-disable-next-line typescript/no-require-imports -- loaded only when tracing is on
  const sdk = require('./tracing-sdk') as typeof TracingSdk;
  installTracing(
    sdk.startTracing(process.env, serviceNameOf(process.env, process.argv.slice(2)), (line) =>
      process.stderr.write(`tracing: ${line}\n`),
    ),
  );
}

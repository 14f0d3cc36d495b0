// The process entry point (bin/brokerhub.js, npm start, npm run cli): the one place that loads
// reflect-metadata, which Inversify needs before any container exists, and tracing, which must start
// before the modules it instruments are required (CONTRACT 13; nothing is loaded when it is off).
import 'reflect-metadata';
import './adapters/tracing/register';
import { currentTracing } from './adapters/tracing/tracing-handle';
import { runCli } from './cli/program';

/**
 * What a command's spans may take to leave after it finished (serve flushes within its own shutdown
 * budget first, CONTRACT 9.5): an unreachable collector delays the exit by at most this.
 */
const TRACE_FLUSH_BUDGET_MS = 3_000;

const io = {
  env: process.env,
  out: (text: string) => process.stdout.write(`${text}\n`),
  err: (text: string) => process.stderr.write(`${text}\n`),
  // @types/node says `boolean`, but `isTTY` is undefined when stdout is not a terminal.
  // oxlint-disable-next-line typescript/no-unnecessary-boolean-literal-compare
  isTerminal: process.stdout.isTTY === true,
};

void runCli(process.argv.slice(2), { io }).then(async (code) => {
  await currentTracing().shutdown(TRACE_FLUSH_BUDGET_MS);
  // Everything (servers, connections, embedded MongoDB) is closed by now; exit explicitly so a
  // stray handle in a library cannot keep a finished command alive.
  process.exit(code);
});

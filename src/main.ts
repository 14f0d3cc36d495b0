// The process entry point (bin/brokerhub.js, npm start, npm run cli): the one place that loads
// reflect-metadata, which Inversify needs before any container exists.
import 'reflect-metadata';
import { runCli } from './cli/program';

const io = {
  env: process.env,
  out: (text: string) => process.stdout.write(`${text}\n`),
  err: (text: string) => process.stderr.write(`${text}\n`),
  // @types/node says `boolean`, but `isTTY` is undefined when stdout is not a terminal.
  // oxlint-disable-next-line typescript/no-unnecessary-boolean-literal-compare
  isTerminal: process.stdout.isTTY === true,
};

void runCli(process.argv.slice(2), { io }).then((code) => {
  // Everything (servers, connections, embedded MongoDB) is closed by now; exit explicitly so a
  // stray handle in a library cannot keep a finished command alive.
  process.exit(code);
});

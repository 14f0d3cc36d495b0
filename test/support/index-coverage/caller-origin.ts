import path from 'node:path';

const TEST_CODE = path.resolve(__dirname, '../..') + path.sep;
const GUARD_CODE = __dirname + path.sep;

/**
 * Whether the command's caller is test code: the first frame of the async stack (V8 follows the
 * `await` chain from the driver back to its caller) that is neither the driver, Node nor the guard.
 * An unknown caller counts as the product's, so a broken chain cannot hide a query.
 */
export function sentByTestCode(): boolean {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 80;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  for (const line of stack.split('\n').slice(1)) {
    // `    at fn (/abs/file.ts:1:2)` or `    at /abs/file.ts:1:2`; Node's own frames are `node:...`.
    const file = /(?:\(|at (?:async )?)((?:\/|[A-Za-z]:\\)[^()]*):\d+:\d+\)?$/.exec(line)?.[1];
    if (file === undefined || file.includes(`${path.sep}node_modules${path.sep}`) || file.startsWith(GUARD_CODE))
      continue;
    return file.startsWith(TEST_CODE);
  }
  return false;
}

import { currentTracing } from '../adapters/tracing/tracing-handle';
import { withRuntime, type CliContext } from './cli-context';

/**
 * CONTRACT 13: a command that does work runs as one new trace whose root span is named by the
 * command; its database and HTTP calls are child spans, and main.ts flushes them before the process
 * exits. With tracing off the work runs as it is. A command opts in with one line: `traced(name, fn)`
 * around its work, or `withTracedRuntime` in place of `withRuntime`.
 */
export function traced<T>(command: string, work: () => Promise<T>): Promise<T> {
  return currentTracing().runRoot(command, work);
}

/** `withRuntime` inside the command's root span: opening the connections is part of its trace. */
export const withTracedRuntime: typeof withRuntime = (ctx: CliContext, command, fn) =>
  traced(command, () => withRuntime(ctx, command, fn));

// The active OpenTelemetry context carried across `await` by V8's promise hooks (node:v8 promiseHooks)
// rather than by AsyncLocalStorage, on Node versions before 24 (CONTRACT 13's cost bound).
//
// On Node 20, AsyncLocalStorage runs the async_hooks machinery (an async id, the init hooks, the stack
// of execution resources) for every promise and every process.nextTick of the process. This manager
// keeps the context on the promises created under it and restores it around their reactions, and
// nothing else: bench:tracing's served process spends less CPU per traced request with it (figures in
// docs/decisions.md). Node 24 carries AsyncLocalStorage in V8's continuation data (AsyncContextFrame),
// which measured cheaper than these hooks there, so `contextManagerFor` keeps AsyncLocalStorage on 24+.
//
// What it carries: everything that continues through a promise (async functions, `await`, `.then`),
// which is how the HTTP shell, the use cases, the MongoDB driver, ioredis and undici's request path reach
// the instrumentations. What it does not: a callback handed to setTimeout, setImmediate or
// process.nextTick runs in the root context, as does an event listener (AsyncLocalStorage does not carry
// the latter either); `bind`, inherited, ties a function or an emitter's listeners to a context.
import { promiseHooks } from 'node:v8';
import { ROOT_CONTEXT, type Context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';

const SLOT: unique symbol = Symbol('brokerhub.trace-context');

interface Carrier {
  [SLOT]?: Context;
}

/** Extends the AsyncLocalStorage manager for its `bind` (functions and emitters) only: its store is never used. */
export class PromiseContextManager extends AsyncLocalStorageContextManager {
  private current: Context = ROOT_CONTEXT;
  private readonly saved: Context[] = [];
  private stops: (() => void)[] = [];

  override active(): Context {
    return this.current;
  }

  override with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    context: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    const previous = this.current;
    this.current = context;
    try {
      return fn.call(thisArg, ...args);
    } finally {
      this.current = previous;
    }
  }

  override attach(context: Context): { dispose(): void } {
    const previous = this.current;
    this.current = context;
    let disposed = false;
    return {
      dispose: () => {
        if (disposed) return;
        disposed = true;
        this.current = previous;
      },
    };
  }

  override enable(): this {
    if (this.stops.length > 0) return this;
    this.stops = [
      // A promise made under a context keeps it; under the root one it keeps nothing (no write).
      promiseHooks.onInit((promise) => {
        if (this.current !== ROOT_CONTEXT) (promise as Carrier)[SLOT] = this.current;
      }),
      promiseHooks.onBefore((promise) => {
        this.saved.push(this.current);
        this.current = (promise as Carrier)[SLOT] ?? ROOT_CONTEXT;
      }),
      promiseHooks.onAfter(() => {
        this.current = this.saved.pop() ?? ROOT_CONTEXT;
      }),
    ] as (() => void)[];
    return this;
  }

  override disable(): this {
    for (const stop of this.stops) stop();
    this.stops = [];
    this.saved.length = 0;
    this.current = ROOT_CONTEXT;
    return this;
  }
}

/** Promise hooks before Node 24; AsyncLocalStorage (AsyncContextFrame) from 24 on. */
export function contextManagerFor(nodeVersion: string): AsyncLocalStorageContextManager {
  const major = Number(nodeVersion.split('.')[0]);
  return major >= 24 ? new AsyncLocalStorageContextManager() : new PromiseContextManager();
}

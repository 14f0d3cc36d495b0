import type { Bind, Container, Newable } from 'inversify';
import type { Token } from '../application/shared/token';

/** What a binding may name: a port's token, or a class bound under itself (a use case). */
export type Binding<T> = Token<T> | Newable<T>;

/** Reads another binding while building one: the container resolves it then, whatever area bound it. */
export type Resolve = <T>(binding: Binding<T>) => T;

/**
 * Binds `binding` to what `build` makes, resolved when first asked for (one instance per container).
 * `build` reads its collaborators through `get`, so the area that binds them may be loaded before or
 * after this one: only the resolution order follows the dependencies, never the load order.
 */
export function provide<T>(bind: Bind, binding: Binding<T>, build: (get: Resolve) => T): void {
  bind<T>(binding)
    .toDynamicValue((context) => build(<U>(dependency: Binding<U>) => context.get<U>(dependency)))
    .inSingletonScope();
}

/** A test's (or a benchmark's) replacement for one port: `rebinding(Clock, new ManualClock())`. */
export interface Rebinding {
  readonly port: symbol;
  readonly adapter: unknown;
}

export function rebinding<T>(port: Token<T>, adapter: T): Rebinding {
  return { port, adapter };
}

/**
 * Rebinds each token to its replacement, after every area is loaded and before anything is resolved,
 * so every binding that depends on the port (in any area) gets the replacement. A later rebinding of a
 * token wins over an earlier one.
 */
export function applyRebindings(container: Container, rebindings: readonly Rebinding[]): void {
  for (const { port, adapter } of rebindings) container.rebind<unknown>(port).toConstantValue(adapter);
}

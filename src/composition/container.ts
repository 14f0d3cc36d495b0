import type { Container } from 'inversify';
import type { Token } from '../application/shared/token';

/** A test's replacement for one port: `portBinding(SaleRepository, new InMemorySaleRepository())`. */
export interface PortBinding {
  readonly port: symbol;
  readonly adapter: unknown;
}

export function portBinding<T>(port: Token<T>, adapter: T): PortBinding {
  return { port, adapter };
}

/** Binds the replacements first, so `bindPort` finds them in place of the real adapters. */
export function bindReplacements(container: Container, replacements: readonly PortBinding[]): void {
  for (const { port, adapter } of replacements) container.bind(port).toConstantValue(adapter);
}

/**
 * Binds a port to its adapter (one instance per container) and returns what the areas must use: the
 * adapter, or the replacement a test bound before composition.
 */
export function bindPort<T>(container: Container, port: Token<T>, adapter: T): T {
  if (container.isBound(port)) return container.get<T>(port);
  container.bind<T>(port).toConstantValue(adapter);
  return adapter;
}

/** The adapter another area (or the platform) bound to a port. */
export function resolvePort<T>(container: Container, port: Token<T>): T {
  return container.get<T>(port);
}

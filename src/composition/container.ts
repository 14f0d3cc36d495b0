import type { Container } from 'inversify';
import type { Token } from '../application/shared/token';

/** Binds a port to its adapter (one instance per container) and returns it for the area to use. */
export function bindPort<T>(container: Container, port: Token<T>, adapter: T): T {
  container.bind<T>(port).toConstantValue(adapter);
  return adapter;
}

/** The adapter another area (or the platform) bound to a port. */
export function resolvePort<T>(container: Container, port: Token<T>): T {
  return container.get<T>(port);
}

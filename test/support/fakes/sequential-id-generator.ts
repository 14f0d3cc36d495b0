import type { IdGenerator } from '../../../src/application/shared/ports';

/** The n-th id of a namespace as a UUID v4: `sequentialUuid(0x1d, 1)` is 0000001d-0000-4000-8000-000000000001. */
export function sequentialUuid(namespace: number, n: number): string {
  return `${namespace.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/**
 * The fake IdGenerator: ids a test can predict (the n-th call answers `nth(n)`), still UUID v4
 * shaped because routes and codecs check the shape. Two generators in one test need two namespaces.
 */
export class SequentialIdGenerator implements IdGenerator {
  private count = 0;

  constructor(private readonly namespace: number = 0x1d) {}

  next(): string {
    this.count += 1;
    return this.nth(this.count);
  }

  nth(n: number): string {
    return sequentialUuid(this.namespace, n);
  }
}

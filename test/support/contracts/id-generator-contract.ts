import { expect } from 'chai';
import type { IdGenerator } from '../../../src/application/shared/ports';

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** What every IdGenerator must do: UuidIdGenerator and the sequential fake run this same suite. */
export function idGeneratorContract(make: () => IdGenerator): void {
  it('answers lower-case UUID v4 strings (spec: identifiers are UUIDs)', () => {
    const ids = make();
    for (let i = 0; i < 20; i += 1) expect(ids.next()).to.match(UUID_V4);
  });

  it('never answers the same id twice', () => {
    const ids = make();
    const issued = Array.from({ length: 1_000 }, () => ids.next());
    expect(new Set(issued).size).to.equal(1_000);
  });
}

import { expect } from 'chai';
import {
  repairEach,
  runOrder,
  type DataCheck,
  type DeclaredDataCheck,
} from '../../../src/application/shared/data-checks/data-check';

const check = (name: string): DataCheck => ({
  name,
  promise: `${name} holds`,
  scan: () => ({
    [Symbol.asyncIterator]: () => ({ next: () => Promise.resolve({ done: true as const, value: undefined }) }),
  }),
});

describe('data checks as the areas declare them', () => {
  it("runs every area's checks in the order of their positions, whatever the order of the areas", () => {
    const declared: DeclaredDataCheck[] = [
      { position: 90, check: check('sale-lease-deadline') },
      { position: 10, check: check('chat-session-counters') },
      { position: 40, check: check('policy-status-history') },
      { position: 30, check: check('sdr-note-interaction') },
    ];
    expect(runOrder(declared).map((c) => c.name)).to.deep.equal([
      'chat-session-counters',
      'sdr-note-interaction',
      'policy-status-history',
      'sale-lease-deadline',
    ]);
  });

  it('refuses two checks at one position, and one check declared twice', () => {
    expect(() =>
      runOrder([
        { position: 10, check: check('a') },
        { position: 10, check: check('b') },
      ]),
    ).to.throw('data checks a and b are declared at one position, 10');
    expect(() =>
      runOrder([
        { position: 10, check: check('a') },
        { position: 20, check: check('a') },
      ]),
    ).to.throw('data check a is declared twice');
  });

  it('repairs one item at a time, in order, and counts only the fixes that took', async () => {
    const seen: number[] = [];
    let inFlight = 0;
    const fixed = await repairEach([1, 2, 3, 4], async (item) => {
      inFlight += 1;
      expect(inFlight).to.equal(1);
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(item);
      inFlight -= 1;
      return item % 2 === 0;
    });
    expect(seen).to.deep.equal([1, 2, 3, 4]);
    expect(fixed).to.equal(2);
  });
});

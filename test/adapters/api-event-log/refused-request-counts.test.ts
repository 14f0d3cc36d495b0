import { expect } from 'chai';
import { RefusedRequestCounts } from '../../../src/adapters/api-event-log/refused-request-counts';
import { refused } from '../../support/contracts/api-event-recorder-contract';
import { SequentialIdGenerator } from '../../support/fakes/sequential-id-generator';

describe('RefusedRequestCounts (CONTRACT 9.5)', () => {
  const at = (minute: number, second = 0) => new Date(Date.UTC(2026, 10, 21, 10, minute, second));
  const summary = (
    counts: RefusedRequestCounts,
    close: (ids: SequentialIdGenerator) => ReturnType<RefusedRequestCounts['closeAll']>,
  ) => close(new SequentialIdGenerator(0x5c)).map((e) => [e.ip, e.status, e.count, e.method]);

  it('counts a repeated key, an overflowed one and a key met again after others alike', () => {
    const counts = new RefusedRequestCounts(2);
    counts.add(refused({ ip: 'a', at: at(0, 1) }));
    counts.add(refused({ ip: 'a', at: at(0, 2) }));
    counts.add(refused({ ip: 'b', at: at(0, 3) }));
    counts.add(refused({ ip: 'c', at: at(0, 4) }));
    counts.add(refused({ ip: 'c', at: at(0, 5), method: 'POST' }));
    counts.add(refused({ ip: 'a', at: at(0, 6), method: 'POST' }));
    counts.add(refused({ ip: 'c', at: at(0, 7) }));
    expect({ open: counts.openKeys, counted: counts.counted, overflowed: counts.overflowed }).to.deep.equal({
      open: 3,
      counted: 7,
      overflowed: 3,
    });
    expect(summary(counts, (ids) => counts.closeAll(ids))).to.have.deep.members([
      ['a', 429, 3, '*'],
      ['b', 429, 1, 'GET'],
      ['(overflow)', 429, 3, '*'],
    ]);
    expect(counts.openKeys).to.equal(0);
  });

  it('closes only the minutes before the current one; a key of the next minute is a new count', () => {
    const counts = new RefusedRequestCounts(10);
    counts.add(refused({ at: at(0, 59) }));
    counts.add(refused({ at: at(1, 0) }));
    counts.add(refused({ at: at(1, 1) }));
    expect(summary(counts, (ids) => counts.closeBefore(at(1, 30), ids))).to.deep.equal([
      ['203.0.113.7', 429, 1, 'GET'],
    ]);
    expect(counts.openKeys).to.equal(1);
    expect(summary(counts, (ids) => counts.closeBefore(at(2, 0), ids))).to.deep.equal([['203.0.113.7', 429, 2, 'GET']]);
  });
});

import { expect } from 'chai';
import { DropWarnings } from '../../../src/adapters/api-event-log/drop-warnings';
import { EventBuffers } from '../../../src/adapters/api-event-log/event-buffers';
import { apiEvent } from '../../support/contracts/api-event-store-contract';
import { ManualClock } from '../../support/fakes/fixed-clock';
import { memoryLogger } from '../../support/logs';

describe('DropWarnings (CONTRACT 9.5)', () => {
  const setup = () => {
    const buffers = new EventBuffers(1);
    const clock = new ManualClock();
    const log = memoryLogger();
    const warnings = new DropWarnings({ buffers, clock, logger: log.logger, intervalMs: 60_000, maxBuffered: 1 });
    const warned = () =>
      log
        .lines()
        .filter((line) => line.msg === 'api event log: buffer full, new entries dropped')
        .map((line) => [line.dropped, line.droppedTotal, line.droppedAuthenticated, line.droppedAnonymous]);
    return { buffers, clock, warnings, warned };
  };

  it('says nothing while nothing is dropped', () => {
    const { buffers, warnings, warned } = setup();
    buffers.offer(apiEvent());
    warnings.warnWhenDue(true);
    expect(warned()).to.deep.equal([]);
  });

  it('warns at the first drop, then at most once per interval, about the drops since the last warning', () => {
    const { buffers, clock, warnings, warned } = setup();
    const drop = (userId?: string) => {
      buffers.offer(apiEvent({ userId }));
      warnings.warnWhenDue();
    };
    drop(); // taken: the buffer holds one
    drop();
    drop('u-1'); // taken: the other buffer has its own room
    drop('u-1');
    clock.advance(59_999);
    drop();
    expect(warned()).to.deep.equal([[1, 1, 0, 1]]);
    clock.advance(1);
    warnings.warnWhenDue();
    expect(warned()).to.deep.equal([
      [1, 1, 0, 1],
      [2, 3, 1, 1],
    ]);
  });

  it('warns about the rest at once when forced (at close)', () => {
    const { buffers, warnings, warned } = setup();
    for (let i = 0; i < 3; i += 1) buffers.offer(apiEvent());
    warnings.warnWhenDue();
    buffers.offer(apiEvent());
    warnings.warnWhenDue(true);
    expect(warned()).to.deep.equal([
      [2, 2, 0, 2],
      [1, 3, 0, 1],
    ]);
  });
});

import { SystemClock } from '../../../src/adapters/system/system-clock';
import { clockContract } from '../../support/contracts/clock-contract';
import { ManualClock } from '../../support/fakes/fixed-clock';

describe('Clock contract', () => {
  describe('manual (the fake)', () => {
    clockContract(() => new ManualClock());
  });

  describe('SystemClock', () => {
    clockContract(() => new SystemClock());
  });
});

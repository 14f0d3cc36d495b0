import { expect } from 'chai';
import type { Clock } from '../../../src/application/shared/ports';

/** What every Clock must do: SystemClock and ManualClock run this same suite. */
export function clockContract(make: () => Clock): void {
  it('answers a valid Date that does not go backwards', () => {
    const clock = make();
    const first = clock.now();
    const second = clock.now();
    expect(Number.isNaN(first.getTime())).to.equal(false);
    expect(second.getTime()).to.be.at.least(first.getTime());
  });

  it('answers a fresh Date each time: changing one does not move the clock', () => {
    const clock = make();
    const taken = clock.now();
    const before = taken.getTime();
    taken.setTime(0);
    expect(clock.now().getTime()).to.be.at.least(before);
  });
}

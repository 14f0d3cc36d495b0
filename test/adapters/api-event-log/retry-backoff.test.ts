import { expect } from 'chai';
import { RetryBackoff } from '../../../src/adapters/api-event-log/retry-backoff';

describe('RetryBackoff', () => {
  it('doubles the pause on each failure in a row up to its maximum, and starts over after a success', () => {
    const backoff = new RetryBackoff(1_000, 5_000);
    expect(backoff.pauseMs).to.equal(0);
    expect([backoff.failed(), backoff.failed(), backoff.failed(), backoff.failed()]).to.deep.equal([
      1_000, 2_000, 4_000, 5_000,
    ]);
    expect(backoff.pauseMs).to.equal(5_000);
    backoff.reset();
    expect([backoff.pauseMs, backoff.failed()]).to.deep.equal([0, 1_000]);
  });

  it('never pauses less than the first pause, even with a smaller maximum', () => {
    const backoff = new RetryBackoff(3_000, 1_000);
    expect([backoff.failed(), backoff.failed()]).to.deep.equal([3_000, 3_000]);
  });
});

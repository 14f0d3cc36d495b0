import { expect } from 'chai';
import { BoundedPasswordHasher, defaultHashConcurrency } from '../../../src/adapters/crypto/bounded-password-hasher';
import { CapacityExceededError } from '../../../src/application/shared/capacity-exceeded-error';
import { GatedPasswordHasher } from '../../support/fakes/gated-password-hasher';

const refusal = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('BoundedPasswordHasher (CONTRACT 9.5)', () => {
  let inner: GatedPasswordHasher;
  let hasher: BoundedPasswordHasher;
  beforeEach(() => {
    inner = new GatedPasswordHasher();
    hasher = new BoundedPasswordHasher(inner, { concurrency: 2, maxQueued: 1, retryAfterSeconds: 3 });
  });
  afterEach(() => inner.open());

  it(
    'runs at most `concurrency` at once, queues `maxQueued`, and refuses the next with CapacityExceededError ' +
      'before it reaches the algorithm',
    async () => {
      const stored = await hasher.hash('stored password');
      inner.close();
      const accepted = [
        hasher.verify(stored, 'stored password'),
        hasher.hash('new password'),
        hasher.verifyAgainstDummy('x'),
      ];
      await inner.whenStarted(3);
      const error = await refusal(hasher.verify(stored, 'stored password'));
      expect(error).to.be.instanceOf(CapacityExceededError);
      expect(error).to.include({ resource: 'password hashing', retryAfterSeconds: 3 });
      // One before the gate closed, two running; the queued one and the refused one never reached it.
      expect(inner.started).to.equal(3);
      inner.open();
      const [verified, hashed, dummy] = await Promise.all(accepted);
      expect(verified).to.equal(true);
      expect(hashed).to.be.a('string');
      expect(dummy).to.equal(false);
      expect(inner.started).to.equal(4);
    },
  );

  it(
    'refuses a real verification and the dummy alike when saturated, so an unknown e-mail looks like a known one ' +
      '(CONTRACT 3.1)',
    async () => {
      const stored = await hasher.hash('stored password');
      inner.close();
      const held = [hasher.hash('a'), hasher.hash('b'), hasher.hash('c')];
      await inner.whenStarted(3);
      const known = await refusal(hasher.verify(stored, 'guess'));
      const unknown = await refusal(hasher.verifyAgainstDummy('guess'));
      expect(known).to.be.instanceOf(CapacityExceededError);
      expect(unknown).to.be.instanceOf(CapacityExceededError);
      expect((unknown as Error).message).to.equal((known as Error).message);
      inner.open();
      await Promise.all(held);
    },
  );

  it('accepts again once the queue drains', async () => {
    inner.close();
    const held = [hasher.hash('a'), hasher.hash('b'), hasher.hash('c')];
    await inner.whenStarted(2);
    expect(await refusal(hasher.hash('d'))).to.be.instanceOf(CapacityExceededError);
    inner.open();
    await Promise.all(held);
    expect(await hasher.verify(await hasher.hash('e'), 'e')).to.equal(true);
  });

  it(
    'answers checkCapacity like the next call would be answered: refused while saturated, accepted once a place ' +
      'frees',
    async () => {
      await hasher.checkCapacity();
      inner.close();
      const held = [hasher.hash('a'), hasher.hash('b')];
      await inner.whenStarted(2);
      await hasher.checkCapacity();
      held.push(hasher.hash('c'));
      expect(await refusal(hasher.checkCapacity())).to.be.instanceOf(CapacityExceededError);
      inner.open();
      await Promise.all(held);
      await hasher.checkCapacity();
    },
  );

  it('leaves one core to the event loop by default: 1 hash at a time on 1 or 2 cores, 2 from 3 cores on', () => {
    expect([1, 2, 3, 4, 64].map((cores) => defaultHashConcurrency(cores))).to.deep.equal([1, 1, 2, 2, 2]);
  });
});

import { expect } from 'chai';
import { Argon2PasswordHasher } from '../../../src/adapters/crypto/argon2-password-hasher';
import { ConcurrencyLimit } from '../../../src/adapters/system/concurrency-limit';
import { passwordHasherContract } from '../../support/contracts/password-hasher-contract';
import { FastPasswordHasher } from '../../support/fakes/fast-password-hasher';

describe('PasswordHasher contract', () => {
  describe('fast (the fake)', () => {
    passwordHasherContract(() => new FastPasswordHasher());
  });

  describe('Argon2PasswordHasher', () => {
    passwordHasherContract(() => new Argon2PasswordHasher());
  });
});

describe('Argon2PasswordHasher parameters', () => {
  const hasher = new Argon2PasswordHasher();

  it('hashes with argon2id at OWASP minimum parameters (19 MiB, 2 iterations) and verifies', async () => {
    const hash = await hasher.hash('correct horse battery');
    expect(hash).to.match(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await hasher.verify(hash, 'correct horse battery')).to.equal(true);
    expect(await hasher.verify(hash, 'correct horse batterY')).to.equal(false);
  });
});

describe('ConcurrencyLimit', () => {
  it('never runs more than its limit at once and runs everything in order', async () => {
    const limit = new ConcurrencyLimit(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        limit.run(async () => {
          running += 1;
          peak = Math.max(peak, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          order.push(i);
          running -= 1;
        }),
      ),
    );
    expect(peak).to.equal(2);
    expect(order).to.have.members([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(limit.active).to.equal(0);
    expect(limit.queued).to.equal(0);
  });

  it('releases its slot when a task fails', async () => {
    const limit = new ConcurrencyLimit(1);
    await limit.run(() => Promise.reject(new Error('x'))).catch((error: Error) => expect(error.message).to.equal('x'));
    expect(await limit.run(async () => 'next')).to.equal('next');
  });
});

import { expect } from 'chai';
import { Argon2PasswordHasher } from '../../../src/adapters/crypto/argon2-password-hasher';
import { readdirSync, readFileSync } from 'node:fs';
import { BoundedPasswordHasher } from '../../../src/adapters/crypto/bounded-password-hasher';
import { ThreadedArgon2PasswordHasher } from '../../../src/adapters/crypto/threaded-argon2-password-hasher';
import { passwordHasherContract } from '../../support/contracts/password-hasher-contract';
import { FastPasswordHasher } from '../../support/fakes/fast-password-hasher';
import { GatedPasswordHasher } from '../../support/fakes/gated-password-hasher';

describe('PasswordHasher contract', () => {
  describe('fast (the fake)', () => {
    passwordHasherContract(() => new FastPasswordHasher());
  });

  describe('gated (the fake that holds calls), open', () => {
    passwordHasherContract(() => new GatedPasswordHasher());
  });

  describe('Argon2PasswordHasher', () => {
    passwordHasherContract(() => new Argon2PasswordHasher());
  });

  describe('ThreadedArgon2PasswordHasher', () => {
    const made: ThreadedArgon2PasswordHasher[] = [];
    after(async () => Promise.all(made.map((hasher) => hasher.close())));
    passwordHasherContract(() => {
      const hasher = new ThreadedArgon2PasswordHasher({ threads: 2, nice: 10 });
      made.push(hasher);
      return hasher;
    });
  });

  describe('ThreadedArgon2PasswordHasher behind BoundedPasswordHasher (as composed)', () => {
    const made: ThreadedArgon2PasswordHasher[] = [];
    after(async () => Promise.all(made.map((hasher) => hasher.close())));
    passwordHasherContract(() => {
      const threads = new ThreadedArgon2PasswordHasher({ threads: 1, nice: 10 });
      made.push(threads);
      return new BoundedPasswordHasher(threads, { concurrency: 1, maxQueued: 4, retryAfterSeconds: 1 });
    });
  });
});

/** The nice value of each thread of this process (field 19 of /proc/self/task/<tid>/stat). */
const threadNiceValues = (): number[] =>
  readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });

describe('ThreadedArgon2PasswordHasher threads', () => {
  it(
    'hashes on threads of lowered priority (Linux), leaving the process and the event loop at ' + 'theirs',
    async function () {
      if (process.platform !== 'linux') this.skip();
      const before = threadNiceValues().filter((nice) => nice === 7).length;
      const hasher = new ThreadedArgon2PasswordHasher({ threads: 2, nice: 7 });
      try {
        // Two at once start both threads.
        const [first, second] = await Promise.all([hasher.hash('one'), hasher.hash('two')]);
        expect(await hasher.verify(first, 'one')).to.equal(true);
        expect(await hasher.verify(second, 'one')).to.equal(false);
        expect(threadNiceValues().filter((nice) => nice === 7).length - before).to.equal(2);
        expect(threadNiceValues()[0], 'the main thread').to.equal(0);
      } finally {
        await hasher.close();
      }
      expect(threadNiceValues().filter((nice) => nice === 7).length).to.equal(before);
    },
  );

  it("writes hashes the in-process hasher verifies, and verifies the in-process hasher's", async () => {
    const threaded = new ThreadedArgon2PasswordHasher({ threads: 1, nice: 10 });
    const inProcess = new Argon2PasswordHasher();
    try {
      expect(await inProcess.verify(await threaded.hash('shared secret'), 'shared secret')).to.equal(true);
      expect(await threaded.verify(await inProcess.hash('shared secret'), 'shared secret')).to.equal(true);
    } finally {
      await threaded.close();
    }
  });

  it('starts a new thread after close (a closed hasher used again still answers)', async () => {
    const hasher = new ThreadedArgon2PasswordHasher({ threads: 1, nice: 10 });
    const hash = await hasher.hash('again');
    await hasher.close();
    try {
      expect(await hasher.verify(hash, 'again')).to.equal(true);
    } finally {
      await hasher.close();
    }
  });
});

describe('Argon2PasswordHasher parameters', () => {
  const hasher = new Argon2PasswordHasher();

  it('hashes with argon2id at OWASP minimum parameters (19 MiB, 2 iterations) and verifies', async () => {
    const hash = await hasher.hash('correct horse battery');
    expect(hash).to.match(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hash, 'correct horse battery')).to.equal(true);
    expect(await hasher.verify(hash, 'correct horse batterY')).to.equal(false);
  });
});

import { expect } from 'chai';
import { Argon2PasswordHasher } from '../../../src/adapters/crypto/argon2-password-hasher';
import { BoundedPasswordHasher } from '../../../src/adapters/crypto/bounded-password-hasher';
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

  describe('Argon2PasswordHasher behind BoundedPasswordHasher (as composed)', () => {
    passwordHasherContract(() => new BoundedPasswordHasher(new Argon2PasswordHasher(), { concurrency: 1, maxQueued: 4, retryAfterSeconds: 1 }));
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

import { expect } from 'chai';
import type { PasswordHasher } from '../../../src/application/shared/ports';

/** What every PasswordHasher must do: Argon2PasswordHasher and the fast fake run this same suite. */
export function passwordHasherContract(make: () => PasswordHasher): void {
  let hasher: PasswordHasher;
  beforeEach(() => {
    hasher = make();
  });

  it('verifies the password it hashed and refuses any other', async () => {
    const hash = await hasher.hash('correct horse battery');
    expect(await hasher.verify(hash, 'correct horse battery')).to.equal(true);
    for (const wrong of ['correct horse batterY', 'correct horse battery ', 'correct horse batter', '']) {
      expect(await hasher.verify(hash, wrong), wrong).to.equal(false);
    }
  });

  it('salts: one password hashed twice gives two hashes, both valid, neither containing the password', async () => {
    const [first, second] = await Promise.all([hasher.hash('same password'), hasher.hash('same password')]);
    expect(first).not.to.equal(second);
    expect(first).not.to.contain('same password');
    expect(await hasher.verify(first, 'same password')).to.equal(true);
    expect(await hasher.verify(second, 'same password')).to.equal(true);
  });

  it('keeps non-ASCII passwords exact', async () => {
    const hash = await hasher.hash('sênha-çom-acentos-🙂');
    expect(await hasher.verify(hash, 'sênha-çom-acentos-🙂')).to.equal(true);
    expect(await hasher.verify(hash, 'senha-com-acentos-🙂')).to.equal(false);
  });

  it('verifies a hash made by another instance (a stored hash outlives the process)', async () => {
    const hash = await hasher.hash('stored long ago');
    expect(await make().verify(hash, 'stored long ago')).to.equal(true);
  });

  it('answers false against the dummy for any password, the empty one included', async () => {
    for (const password of ['anything', '', 'brokerhub-dummy-password-that-matches-nothing', 'x'.repeat(256)]) {
      expect(await hasher.verifyAgainstDummy(password)).to.equal(false);
    }
  });

  it('has capacity when idle', async () => {
    await hasher.checkCapacity();
    expect(await hasher.verifyAgainstDummy('after the check')).to.equal(false);
  });

  it('rejects a stored value that is not one of its hashes (a fault, not a wrong password)', async () => {
    let caught: unknown;
    await hasher.verify('not-a-hash', 'password').catch((error: unknown) => (caught = error));
    expect(caught).to.be.instanceOf(Error);
  });
}

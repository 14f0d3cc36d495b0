import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import type { SecretHasher } from '../../../src/application/shared/ports';

/** What every SecretHasher must do: Sha256SecretHasher and the FNV fake run this same suite. */
export function secretHasherContract(make: () => SecretHasher): void {
  it(
    'answers the same fingerprint for the same secret, also from another instance (stored hashes are looked up ' +
      'later)',
    () => {
      const secret = randomBytes(32).toString('hex');
      expect(make().hash(secret)).to.equal(make().hash(secret));
    },
  );

  it('answers distinct fingerprints for distinct secrets, near-identical ones included', () => {
    const hasher = make();
    const base = randomBytes(32).toString('hex');
    const secrets = [
      ...Array.from({ length: 1_000 }, () => randomBytes(32).toString('hex')),
      base,
      `${base.slice(0, -1)}0`,
      `${base.slice(0, -1)}1`,
      base.toUpperCase(),
    ];
    expect(new Set(secrets.map((s) => hasher.hash(s))).size).to.equal(new Set(secrets).size);
  });

  it('answers lower-case hex of one length for any secret, never containing the secret', () => {
    const hasher = make();
    const secrets = ['z', 'ab'.repeat(32), 'x'.repeat(1_000), 'sênha'];
    const hashes = secrets.map((s) => hasher.hash(s));
    for (const [i, hash] of hashes.entries()) {
      expect(hash).to.match(/^[0-9a-f]+$/);
      expect(hash).to.have.length(hashes[0]?.length ?? -1);
      expect(hash).not.to.contain(secrets[i]);
    }
  });
}

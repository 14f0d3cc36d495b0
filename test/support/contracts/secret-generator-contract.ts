import { expect } from 'chai';
import type { SecretGenerator } from '../../../src/application/shared/ports';
import { UUID_V4 } from './id-generator-contract';

/** What every SecretGenerator must do: CryptoSecretGenerator and the sequential fake run this same suite. */
export function secretGeneratorContract(make: () => SecretGenerator): void {
  it('answers `bytes` bytes as lower-case hex: 64 characters for 32 bytes (spec part 2, API key)', () => {
    const secrets = make();
    expect(secrets.hex(32)).to.match(/^[0-9a-f]{64}$/);
    expect(secrets.hex(3)).to.match(/^[0-9a-f]{6}$/);
    expect(secrets.hex(0)).to.equal('');
  });

  it('never answers the same hex secret twice', () => {
    const secrets = make();
    const issued = Array.from({ length: 500 }, () => secrets.hex(32));
    expect(new Set(issued).size).to.equal(500);
  });

  it('answers distinct UUID v4 tokens', () => {
    const secrets = make();
    const issued = Array.from({ length: 500 }, () => secrets.uuid());
    for (const token of issued.slice(0, 20)) expect(token).to.match(UUID_V4);
    expect(new Set(issued).size).to.equal(500);
  });
}

import { CryptoSecretGenerator, Sha256SecretHasher } from '../../../src/adapters/crypto/crypto-secrets';
import { secretGeneratorContract } from '../../support/contracts/secret-generator-contract';
import { secretHasherContract } from '../../support/contracts/secret-hasher-contract';
import { Fnv1aSecretHasher } from '../../support/fakes/fnv1a-secret-hasher';
import { SequentialSecretGenerator } from '../../support/fakes/sequential-secret-generator';

describe('SecretGenerator contract', () => {
  describe('sequential (the fake)', () => {
    secretGeneratorContract(() => new SequentialSecretGenerator());
  });

  describe('CryptoSecretGenerator', () => {
    secretGeneratorContract(() => new CryptoSecretGenerator());
  });
});

describe('SecretHasher contract', () => {
  describe('FNV-1a (the fake)', () => {
    secretHasherContract(() => new Fnv1aSecretHasher());
  });

  describe('Sha256SecretHasher', () => {
    secretHasherContract(() => new Sha256SecretHasher());
  });
});

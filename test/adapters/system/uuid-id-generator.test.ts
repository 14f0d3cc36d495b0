import { UuidIdGenerator } from '../../../src/adapters/system/uuid-id-generator';
import { idGeneratorContract } from '../../support/contracts/id-generator-contract';
import { SequentialIdGenerator } from '../../support/fakes/sequential-id-generator';

describe('IdGenerator contract', () => {
  describe('sequential (the fake)', () => {
    idGeneratorContract(() => new SequentialIdGenerator());
  });

  describe('UuidIdGenerator', () => {
    idGeneratorContract(() => new UuidIdGenerator());
  });
});

import { hubPipelineIndexes } from '../../../../../src/adapters/mongo/hub-leads/setup/pipeline-collection';
import { MongoPipelineRepository } from '../../../../../src/adapters/mongo/hub-leads/setup/mongo-pipeline-repository';
import { pipelineRepositoryContract } from '../../../../support/contracts/pipeline-repository-contract';
import { InMemoryPipelineRepository } from '../../../../support/fakes/in-memory-pipeline-repository';
import { useTestDatabase } from '../../../../support/mongo';

describe('PipelineRepository contract', () => {
  describe('in memory (the fake)', () => {
    pipelineRepositoryContract(async () => new InMemoryPipelineRepository());
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase([hubPipelineIndexes]);
    pipelineRepositoryContract(async () => new MongoPipelineRepository(mongo().db));
  });
});

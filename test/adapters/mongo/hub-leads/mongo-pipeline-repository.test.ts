import { hubPipelineIndexes } from '../../../../src/adapters/mongo/hub-leads/pipeline-collection';
import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import { MongoPipelineRepository } from '../../../../src/adapters/mongo/hub-leads/mongo-pipeline-repository';
import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { pipelineRepositoryContract } from '../../../support/contracts/pipeline-repository-contract';
import { InMemoryPipelineRepository } from '../../../support/fakes/in-memory-pipeline-repository';
import { connectTestDatabase } from '../../../support/mongo';

describe('PipelineRepository contract', () => {
  describe('in memory (the fake)', () => {
    pipelineRepositoryContract(async () => new InMemoryPipelineRepository());
  });

  describe('MongoDB', () => {
    let mongo: MongoConnection;
    before(async () => {
      mongo = await connectTestDatabase();
      await ensureIndexes(mongo.db, [hubPipelineIndexes]);
    });
    after(async () => {
      await mongo.close();
    });
    pipelineRepositoryContract(async () => new MongoPipelineRepository(mongo.db));
  });
});

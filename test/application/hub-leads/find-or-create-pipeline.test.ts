import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { UuidIdGenerator } from '../../../src/adapters/system/uuid-id-generator';
import { FindOrCreatePipeline } from '../../../src/application/hub-leads/find-or-create-pipeline';
import type { PipelineRepository } from '../../../src/application/hub-leads/ports';
import { pipeline } from '../../support/contracts/pipeline-repository-contract';
import { ManualClock } from '../../support/fakes/fixed-clock';
import { InMemoryPipelineRepository } from '../../support/fakes/in-memory-pipeline-repository';

describe('FindOrCreatePipeline', () => {
  let pipelines: InMemoryPipelineRepository;
  let clock: ManualClock;
  let findOrCreate: FindOrCreatePipeline;
  beforeEach(() => {
    pipelines = new InMemoryPipelineRepository();
    clock = new ManualClock();
    findOrCreate = new FindOrCreatePipeline(pipelines, new UuidIdGenerator(), clock);
  });

  it('answers the pipeline the organization has for (provider, external id)', async () => {
    const existing = pipeline({ name: 'Vendas' });
    await pipelines.create(existing);
    expect(
      await findOrCreate.execute({
        orgId: existing.orgId,
        provider: existing.provider,
        externalId: existing.externalId,
      }),
    ).to.deep.equal(existing);
    expect(await pipelines.listOf(existing.orgId)).to.have.length(1);
  });

  it('creates it, named after provider and external id, when there is none', async () => {
    const orgId = randomUUID();
    const created = await findOrCreate.execute({ orgId, provider: 'leadprovider', externalId: 'forms' });
    expect(created).to.deep.include({
      orgId,
      provider: 'leadprovider',
      externalId: 'forms',
      name: 'leadprovider forms',
      createdAt: clock.now(),
    });
    expect(await pipelines.listOf(orgId)).to.deep.equal([created]);
  });

  it('first events racing for one pipeline all answer the one that was created', async () => {
    const orgId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => findOrCreate.execute({ orgId, provider: 'crmprovider', externalId: '9' })),
    );
    expect(new Set(answers.map((p) => p.id)).size).to.equal(1);
    expect(await pipelines.listOf(orgId)).to.have.length(1);
  });

  it('throws (a fault, not an expected failure) when the store neither finds nor creates the pipeline', async () => {
    // A store whose unique index refuses the pipeline that it then never shows: an inconsistency, not a business case.
    const inconsistent: PipelineRepository = {
      create: async () => false,
      find: async () => undefined,
      listOf: async () => [],
    };
    const broken = new FindOrCreatePipeline(inconsistent, new UuidIdGenerator(), clock);
    let thrown: unknown;
    try {
      await broken.execute({ orgId: 'o', provider: 'crmprovider', externalId: '9' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).to.be.instanceOf(Error);
    expect((thrown as Error).message).to.equal('pipeline crmprovider/9 of o neither found nor created');
  });
});

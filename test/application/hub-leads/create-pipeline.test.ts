import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { randomUUID } from 'node:crypto';
import { UuidIdGenerator } from '../../../src/adapters/system/uuid-id-generator';
import { CreatePipeline } from '../../../src/application/hub-leads/create-pipeline';
import { ManualClock } from '../../support/fakes/fixed-clock';
import { InMemoryPipelineRepository } from '../../support/fakes/in-memory-pipeline-repository';

describe('CreatePipeline', () => {
  let pipelines: InMemoryPipelineRepository;
  let clock: ManualClock;
  let create: CreatePipeline;
  beforeEach(() => {
    pipelines = new InMemoryPipelineRepository();
    clock = new ManualClock();
    create = new CreatePipeline(pipelines, new UuidIdGenerator(), clock);
  });

  it('creates the pipeline of (organization, provider, external id)', async () => {
    const orgId = randomUUID();
    const result = await create.execute({ orgId, name: 'Vendas', provider: 'crmprovider', externalId: '300' });
    if (E.isLeft(result)) throw new Error(result.left._tag);
    expect(result.right).to.deep.include({
      orgId,
      name: 'Vendas',
      provider: 'crmprovider',
      externalId: '300',
      createdAt: clock.now(),
    });
    expect(await pipelines.find(orgId, 'crmprovider', '300')).to.deep.equal(result.right);
  });

  it('PipelineExists for a provider + external id the organization has; the first stays', async () => {
    const orgId = randomUUID();
    const first = await create.execute({ orgId, name: 'Vendas', provider: 'crmprovider', externalId: '300' });
    expect(await create.execute({ orgId, name: 'Again', provider: 'crmprovider', externalId: '300' })).to.deep.equal(
      E.left({ _tag: 'PipelineExists' }),
    );
    expect(await pipelines.listOf(orgId)).to.deep.equal([E.isRight(first) ? first.right : undefined]);
    expect(
      E.isRight(await create.execute({ orgId, name: 'Forms', provider: 'leadprovider', externalId: '300' })),
    ).to.equal(true);
  });
});

import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { PipelineRepository } from '../../../src/application/hub-leads/ports';
import type { Pipeline } from '../../../src/domain/hub-leads/lead';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const at = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);

export function pipeline(overrides: Partial<Pipeline> = {}): Pipeline {
  return {
    id: randomUUID(),
    orgId: randomUUID(),
    name: 'Vendas',
    provider: 'crmprovider',
    externalId: '300',
    createdAt: T0,
    ...overrides,
  };
}

/** The behaviour every PipelineRepository must have; run against the fake and the MongoDB adapter. */
export function pipelineRepositoryContract(make: () => Promise<PipelineRepository>): void {
  let repo: PipelineRepository;
  beforeEach(async () => {
    repo = await make();
  });

  it('finds a created pipeline by (organization, provider, external id), and nothing under another one', async () => {
    const p = pipeline();
    expect(await repo.create(p)).to.equal(true);
    expect(await repo.find(p.orgId, p.provider, p.externalId)).to.deep.equal(p);
    expect(await repo.find(p.orgId, 'leadprovider', p.externalId)).to.equal(undefined);
    expect(await repo.find(p.orgId, p.provider, 'other')).to.equal(undefined);
    expect(await repo.find(randomUUID(), p.provider, p.externalId)).to.equal(undefined);
  });

  it(
    'refuses a second pipeline of one (organization, provider, external id) and keeps the first; another provider ' +
      'or organization may reuse the id',
    async () => {
      const first = pipeline();
      await repo.create(first);
      expect(await repo.create(pipeline({ orgId: first.orgId, name: 'Again' }))).to.equal(false);
      expect(await repo.find(first.orgId, first.provider, first.externalId)).to.deep.equal(first);
      expect(await repo.create(pipeline({ orgId: first.orgId, provider: 'leadprovider' }))).to.equal(true);
      expect(await repo.create(pipeline({ externalId: first.externalId }))).to.equal(true);
    },
  );

  it('of concurrent creations of one key exactly one succeeds', async () => {
    const orgId = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => repo.create(pipeline({ orgId, name: `P${i}` }))),
    );
    expect(results.filter((created) => created)).to.have.length(1);
    expect(await repo.listOf(orgId)).to.have.length(1);
  });

  it("lists an organization's pipelines in creation order, not another organization's", async () => {
    const orgId = randomUUID();
    const second = pipeline({ orgId, externalId: 'b', createdAt: at(2) });
    const first = pipeline({ orgId, externalId: 'a', createdAt: at(1) });
    await repo.create(second);
    await repo.create(first);
    await repo.create(pipeline({ externalId: 'c' }));
    expect(await repo.listOf(orgId)).to.deep.equal([first, second]);
    expect(await repo.listOf(randomUUID())).to.deep.equal([]);
  });
}

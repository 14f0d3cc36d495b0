import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { ListPipelines } from '../../../src/application/hub-leads/list-pipelines';
import { pipeline } from '../../support/contracts/pipeline-repository-contract';
import { InMemoryPipelineRepository } from '../../support/fakes/in-memory-pipeline-repository';

describe('ListPipelines', () => {
  it("lists the organization's pipelines in creation order, none of another organization", async () => {
    const pipelines = new InMemoryPipelineRepository();
    const orgId = randomUUID();
    const first = pipeline({ orgId, externalId: 'a', createdAt: new Date(1_000) });
    const second = pipeline({ orgId, externalId: 'b', createdAt: new Date(2_000) });
    for (const p of [second, pipeline(), first]) await pipelines.create(p);
    const list = new ListPipelines(pipelines);
    expect(await list.execute({ orgId })).to.deep.equal([first, second]);
    expect(await list.execute({ orgId: randomUUID() })).to.deep.equal([]);
  });
});

import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { ListChannels } from '../../../src/application/hub-leads/list-channels';
import { channel } from '../../support/contracts/channel-repository-contract';
import { InMemoryChannelRepository } from '../../support/fakes/in-memory-channel-repository';

describe('ListChannels', () => {
  it("lists the organization's channels in creation order, none of another organization", async () => {
    const channels = new InMemoryChannelRepository();
    const orgId = randomUUID();
    const first = channel({ orgId, name: 'A', createdAt: new Date(1_000) });
    const second = channel({ orgId, name: 'B', createdAt: new Date(2_000) });
    for (const c of [second, channel(), first]) await channels.create(c);
    const list = new ListChannels(channels);
    expect(await list.execute({ orgId })).to.deep.equal([first, second]);
    expect(await list.execute({ orgId: randomUUID() })).to.deep.equal([]);
  });
});

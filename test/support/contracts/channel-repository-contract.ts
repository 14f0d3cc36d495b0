import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { ChannelRepository } from '../../../src/application/hub-leads/ports';
import type { Channel } from '../../../src/domain/hub-leads/channel';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const at = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);

export function channel(overrides: Partial<Channel> = {}): Channel {
  return { id: randomUUID(), orgId: randomUUID(), name: 'Atendimento', type: 'QR_CODE', createdAt: T0, ...overrides };
}

/** The behaviour every ChannelRepository must have; run against the fake and the MongoDB adapter. */
export function channelRepositoryContract(make: () => Promise<ChannelRepository>): void {
  let repo: ChannelRepository;
  beforeEach(async () => {
    repo = await make();
  });

  it("lists an organization's channels in creation order, not another organization's", async () => {
    const orgId = randomUUID();
    const later = channel({ orgId, name: 'B', type: 'WWABA', createdAt: at(2) });
    const earlier = channel({ orgId, name: 'A', createdAt: at(1) });
    expect(await repo.create(later)).to.equal(true);
    expect(await repo.create(earlier)).to.equal(true);
    await repo.create(channel());
    expect(await repo.listOf(orgId)).to.deep.equal([earlier, later]);
    expect(await repo.listOf(randomUUID())).to.deep.equal([]);
  });

  it(
    'refuses a second channel of one name in an organization (also when racing); another organization may use the ' +
      'name',
    async () => {
      const orgId = randomUUID();
      const results = await Promise.all(
        Array.from({ length: 6 }, () => repo.create(channel({ orgId, name: 'Vendas' }))),
      );
      expect(results.filter((created) => created)).to.have.length(1);
      expect(await repo.create(channel({ orgId, name: 'Vendas', type: 'WWABA' }))).to.equal(false);
      expect(await repo.listOf(orgId)).to.have.length(1);
      expect(await repo.create(channel({ name: 'Vendas' }))).to.equal(true);
    },
  );
}

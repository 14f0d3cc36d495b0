import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { randomUUID } from 'node:crypto';
import { UuidIdGenerator } from '../../../src/adapters/system/uuid-id-generator';
import { CreateChannel } from '../../../src/application/hub-leads/create-channel';
import { ManualClock } from '../../support/fakes/fixed-clock';
import { InMemoryChannelRepository } from '../../support/fakes/in-memory-channel-repository';

describe('CreateChannel', () => {
  let channels: InMemoryChannelRepository;
  let clock: ManualClock;
  let create: CreateChannel;
  beforeEach(() => {
    channels = new InMemoryChannelRepository();
    clock = new ManualClock();
    create = new CreateChannel(channels, new UuidIdGenerator(), clock);
  });

  it('creates a channel of the organization with a new id and the current time', async () => {
    const orgId = randomUUID();
    const result = await create.execute({ orgId, name: 'Vendas', type: 'WWABA' });
    if (E.isLeft(result)) throw new Error(result.left._tag);
    expect(result.right).to.deep.include({ orgId, name: 'Vendas', type: 'WWABA', createdAt: clock.now() });
    expect(await channels.listOf(orgId)).to.deep.equal([result.right]);
  });

  it(
    'ChannelNameTaken when the organization already has a channel of that name (also when racing); another ' +
      'organization may use it',
    async () => {
      const orgId = randomUUID();
      const results = await Promise.all([
        create.execute({ orgId, name: 'Vendas', type: 'QR_CODE' }),
        create.execute({ orgId, name: 'Vendas', type: 'WWABA' }),
      ]);
      expect(results.filter(E.isRight)).to.have.length(1);
      expect(results.filter(E.isLeft).map((r) => r.left)).to.deep.equal([{ _tag: 'ChannelNameTaken' }]);
      expect(await create.execute({ orgId, name: 'Vendas', type: 'QR_CODE' })).to.deep.equal(
        E.left({ _tag: 'ChannelNameTaken' }),
      );
      expect(E.isRight(await create.execute({ orgId: randomUUID(), name: 'Vendas', type: 'QR_CODE' }))).to.equal(true);
    },
  );
});

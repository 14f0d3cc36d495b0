import { expect } from 'chai';
import {
  HUB_LEADS,
  hubLeadIndexes,
  leadValueKeys,
} from '../../../../../src/adapters/mongo/hub-leads/leads/lead-collection';
import { MongoLeadRepository } from '../../../../../src/adapters/mongo/hub-leads/leads/mongo-lead-repository';
import { lead, leadRepositoryContract } from '../../../../support/contracts/lead-repository-contract';
import { InMemoryLeadRepository } from '../../../../support/fakes/in-memory-lead-repository';
import { useTestDatabase } from '../../../../support/mongo';

describe('LeadRepository contract', () => {
  describe('in memory (the fake)', () => {
    leadRepositoryContract(async () => new InMemoryLeadRepository());
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase([hubLeadIndexes]);
    leadRepositoryContract(async () => new MongoLeadRepository(mongo().db));

    it(
      'stores the value keys of the title and fields; a' + ' title change that raced a fields change reads again',
      async () => {
        const db = mongo().db;
        const first = lead({}, { title: 'Card', fields: { Celular: '(11) 8765-4321' } });
        await new MongoLeadRepository(db).upsert(first, {}, new Date());
        const stored = () => db.collection(HUB_LEADS).findOne({ _id: first.id as never });
        expect(await stored()).to.deep.include({ valueKeys: ['phone:1187654321'] });
        // A field update (CONTRACT 6.1) lands between the move's read of the lead and its write.
        const fields = [{ name: 'Celular', value: '(21) 9876-5432' }];
        let raced = false;
        const racing = new Proxy(db, {
          get: (target, member) =>
            member !== 'collection'
              ? Reflect.get(target, member)
              : (name: string) => {
                  const collection = target.collection(name);
                  return new Proxy(collection, {
                    get: (c, m) =>
                      m !== 'findOne'
                        ? (Reflect.get(c, m) as unknown)
                        : async (...args: Parameters<typeof c.findOne>) => {
                            const found = await c.findOne(...args);
                            if (!raced) {
                              raced = true;
                              const valueKeys = leadValueKeys.derive({ title: 'Card', fields });
                              await c.updateOne({ _id: first.id as never }, { $set: { fields, valueKeys } });
                            }
                            return found;
                          },
                  });
                },
        });
        const same = lead({ orgId: first.orgId, pipelineId: first.pipelineId, externalId: first.externalId });
        await new MongoLeadRepository(racing).upsert(same, { title: 'ana@example.com' }, new Date());
        expect(raced).to.equal(true);
        expect(await stored()).to.deep.include({
          title: 'ana@example.com',
          fields,
          valueKeys: ['email:ana@example.com', 'phone:2198765432'],
        });
      },
    );
  });
});

import { expect } from 'chai';
import fc from 'fast-check';
import type { Db } from 'mongodb';
import { MongoPersonRepository } from '../../../../src/adapters/mongo/sales/mongo-person-repository';
import { MongoSaleRepository } from '../../../../src/adapters/mongo/sales/mongo-sale-repository';
import { MongoVendorRepository } from '../../../../src/adapters/mongo/sales/mongo-vendor-repository';
import { salesAreaIndexes } from '../../../../src/adapters/mongo/sales/indexes';
import { sdrAreaIndexes } from '../../../../src/adapters/mongo/sdr/indexes';
import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import {
  DEFAULT_GATEWAY_MESSAGES,
  gatewayMessageIndexes,
} from '../../../../src/adapters/mongo/sdr/gateway-messages-collection';
import { MongoContactDirectory } from '../../../../src/adapters/mongo/sdr/mongo-contact-directory';
import { MongoGatewayMessageStore } from '../../../../src/adapters/mongo/sdr/mongo-gateway-message-store';
import { MongoSaleQualificationSync } from '../../../../src/adapters/mongo/sdr/mongo-sale-qualification-sync';
import { MongoSdrInteractionRepository } from '../../../../src/adapters/mongo/sdr/mongo-sdr-interaction-repository';
import { MongoChatReadModel } from '../../../../src/adapters/mongo/sdr/read-models/mongo-chat-read-model';
import { MongoContactReadModel } from '../../../../src/adapters/mongo/sdr/read-models/mongo-contact-read-model';
import { ReadModelSource } from '../../../../src/adapters/mongo/sdr/read-models/read-model-source';
import { MongoFollowerState } from '../../../../src/adapters/mongo/sdr/read-models/mongo-follower-state';
import { useTestDatabase } from '../../../support/mongo';
import { freshSalesDatabase } from '../../../support/sales-fixtures';
import { readModelsProperty, type PropertyWorld } from '../../../support/sdr-read-models-property';

/** Every collection a run writes (jongodb has no listCollections either). */
const COLLECTIONS = [
  ...new Set([...salesAreaIndexes, ...sdrAreaIndexes].map((c) => c.collection)),
  DEFAULT_GATEWAY_MESSAGES,
];

/**
 * The property of test/application/sdr/read-models-property.test.ts on the embedded MongoDB: the real
 * adapters of every port. One database for the file, emptied before each run (jongodb has no
 * dropDatabase), so a run starts from nothing and stays small.
 */
describe('SDR read models equal the whole-store oracle (property, on the embedded MongoDB)', () => {
  const mongo = useTestDatabase();
  let db: Db;
  before(async () => {
    db = await freshSalesDatabase(mongo());
    await ensureIndexes(db, [gatewayMessageIndexes(DEFAULT_GATEWAY_MESSAGES)]);
  });

  const source = new ReadModelSource(`brokerhub/${DEFAULT_GATEWAY_MESSAGES}`);

  async function mongoWorld(): Promise<PropertyWorld> {
    for (const name of COLLECTIONS) await db.collection(name).deleteMany({});
    const messages = db.collection(DEFAULT_GATEWAY_MESSAGES);
    const sales = new MongoSaleRepository(db);
    return {
      sources: {
        interactions: new MongoSdrInteractionRepository(db),
        gateway: new MongoGatewayMessageStore(db, DEFAULT_GATEWAY_MESSAGES),
        directory: new MongoContactDirectory(db),
      },
      people: new MongoPersonRepository(db),
      sales,
      vendors: new MongoVendorRepository(db),
      qualifications: new MongoSaleQualificationSync(db),
      stores: {
        contacts: new MongoContactReadModel(db, source),
        chats: new MongoChatReadModel(db, source),
        state: new MongoFollowerState(db, source),
      },
      insertGateway: async (docs) => {
        await messages.insertMany(docs.map((d) => ({ ...d })));
      },
      deleteGateway: async (id) => {
        await messages.deleteMany({ 'key.id': id });
      },
      changeGateway: async (id, set) => {
        if (Object.keys(set).length > 0) await messages.updateOne({ 'key.id': id }, { $set: set });
      },
    };
  }

  it(
    'for any interleaving of interaction, person, sale and gateway writes, late inserts, deletes, changes and ' +
      'sweeps: every list and KPI answer',
    async function () {
      this.timeout(300_000);
      const started = Date.now();
      // At least 200 runs; SDR_PROPERTY_RUNS asks for more (a longer hunt).
      const numRuns = Math.max(200, Number(process.env.SDR_PROPERTY_RUNS ?? 200));
      await fc.assert(readModelsProperty(mongoWorld), { numRuns });
      process.stdout.write(`      ${numRuns} runs in ${Date.now() - started} ms\n`);
    },
  );

  it(
    'detects a missing refresh on MongoDB too: with person and sale writes not refreshing the contacts, the ' +
      'property fails',
    async function () {
      this.timeout(300_000);
      const result = await fc.check(readModelsProperty(mongoWorld, { skip: 'persons' }), { numRuns: 200 });
      expect(result.failed).to.equal(true);
      process.stdout.write(
        `      the counterexample fast-check found:\n${fc
          .defaultReportMessage(result)
          ?.split('\n')
          .map((l) => `        ${l}`)
          .join('\n')}\n`,
      );
    },
  );
});

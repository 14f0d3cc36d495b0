import { MongoPersonRepository } from '../../../../src/adapters/mongo/sales/mongo-person-repository';
import { MongoSaleRepository } from '../../../../src/adapters/mongo/sales/mongo-sale-repository';
import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import {
  DEFAULT_GATEWAY_MESSAGES,
  gatewayMessageIndexes,
} from '../../../../src/adapters/mongo/sdr/gateway-messages-collection';
import { MongoContactDirectory } from '../../../../src/adapters/mongo/sdr/mongo-contact-directory';
import { MongoDemoDataSink } from '../../../../src/adapters/mongo/sdr/mongo-demo-data-sink';
import { MongoSdrInteractionRepository } from '../../../../src/adapters/mongo/sdr/mongo-sdr-interaction-repository';
import { MongoGatewayMessageStore } from '../../../../src/adapters/mongo/sdr/mongo-gateway-message-store';
import { contactDirectoryContract } from '../../../support/contracts/contact-directory-contract';
import { demoDataSinkContract } from '../../../support/contracts/demo-data-sink-contract';
import { gatewayMessageStoreContract } from '../../../support/contracts/gateway-message-store-contract';
import { InMemoryContactDirectory } from '../../../support/fakes/in-memory-contact-directory';
import { InMemoryDemoDataSink } from '../../../support/fakes/in-memory-demo-data-sink';
import { InMemoryPersonRepository } from '../../../support/fakes/in-memory-person-repository';
import { InMemorySaleRepository } from '../../../support/fakes/in-memory-sale-repository';
import { InMemorySalesContactDirectory } from '../../../support/fakes/in-memory-sales-contact-directory';
import { InMemoryVendorRepository } from '../../../support/fakes/in-memory-vendor-repository';
import { InMemorySdrInteractionRepository } from '../../../support/fakes/in-memory-sdr-interaction-repository';
import { InMemoryGatewayMessageStore } from '../../../support/fakes/in-memory-gateway-message-store';
import { useTestDatabase } from '../../../support/mongo';
import { freshSalesDatabase, sale } from '../../../support/sales-fixtures';

describe('GatewayMessageStore, ContactDirectory and DemoDataSink contracts', () => {
  describe('in memory (the fakes)', () => {
    describe('GatewayMessageStore', () =>
      gatewayMessageStoreContract(async () => {
        const store = new InMemoryGatewayMessageStore();
        return { store, write: async (...docs) => store.write(...docs) };
      }));
    describe('ContactDirectory', () =>
      contactDirectoryContract(async () => {
        const directory = new InMemoryContactDirectory();
        return {
          directory,
          addPerson: async (p) => directory.addPerson(p),
          addSale: async (id, at) => directory.addSale(id, at),
        };
      }));
    describe('ContactDirectory over the sales fakes', () =>
      contactDirectoryContract(async () => {
        const people = new InMemoryPersonRepository();
        const sales = new InMemorySaleRepository(people, new InMemoryVendorRepository());
        return {
          directory: new InMemorySalesContactDirectory(people, sales),
          addPerson: async (p) => {
            await people.saveByCpf(p);
          },
          addSale: async (personId, createdAt) => {
            await sales.insert(sale(personId, { createdAt }));
          },
        };
      }));
    describe('DemoDataSink', () =>
      demoDataSinkContract(async () => {
        const directory = new InMemoryContactDirectory();
        const interactions = new InMemorySdrInteractionRepository();
        return { sink: new InMemoryDemoDataSink(directory, interactions), directory, interactions };
      }));
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase();
    describe('GatewayMessageStore', () =>
      gatewayMessageStoreContract(async () => {
        const db = await freshSalesDatabase(mongo());
        await ensureIndexes(db, [gatewayMessageIndexes(DEFAULT_GATEWAY_MESSAGES)]);
        const store = new MongoGatewayMessageStore(db, DEFAULT_GATEWAY_MESSAGES);
        return {
          store,
          write: async (...docs) => {
            // Straight into the collection, as the gateway writes (a non-object is not storable: skipped here).
            const objects = docs.filter((d): d is Record<string, unknown> => typeof d === 'object' && d !== null);
            if (objects.length > 0)
              await db.collection(DEFAULT_GATEWAY_MESSAGES).insertMany(objects.map((d) => ({ ...d })));
          },
        };
      }));
    describe('GatewayMessageStore, per-chat lookups of more chats than it names at once', () =>
      gatewayMessageStoreContract(async () => {
        const db = await freshSalesDatabase(mongo());
        await ensureIndexes(db, [gatewayMessageIndexes(DEFAULT_GATEWAY_MESSAGES)]);
        const store = new MongoGatewayMessageStore(db, DEFAULT_GATEWAY_MESSAGES, () => undefined, 1);
        return {
          store,
          write: async (...docs) => {
            const objects = docs.filter((d): d is Record<string, unknown> => typeof d === 'object' && d !== null);
            if (objects.length > 0)
              await db.collection(DEFAULT_GATEWAY_MESSAGES).insertMany(objects.map((d) => ({ ...d })));
          },
        };
      }));
    describe('ContactDirectory', () =>
      contactDirectoryContract(async () => {
        const db = await freshSalesDatabase(mongo());
        const people = new MongoPersonRepository(db);
        const sales = new MongoSaleRepository(db);
        return {
          directory: new MongoContactDirectory(db),
          addPerson: async (p) => {
            await people.saveByCpf(p);
          },
          addSale: async (personId, createdAt) => {
            await sales.insert(sale(personId, { createdAt }));
          },
        };
      }));
    describe('DemoDataSink', () =>
      demoDataSinkContract(async () => {
        const db = await freshSalesDatabase(mongo());
        return {
          sink: new MongoDemoDataSink(db),
          directory: new MongoContactDirectory(db),
          interactions: new MongoSdrInteractionRepository(db),
        };
      }));
  });
});

// The two stores bench:dispatch runs the real DispatchPendingSales over: the embedded database (the
// product's adapters) and the in-memory fakes of the tests (what is left is the application's own cost).
import { randomUUID } from 'node:crypto';
import { deliveryAttemptsCollection } from '../../src/adapters/mongo/sales/delivery-attempts-collection';
import { MongoDeliveryAttemptLog } from '../../src/adapters/mongo/sales/mongo-delivery-attempt-log';
import { MongoSaleRepository } from '../../src/adapters/mongo/sales/mongo-sale-repository';
import { peopleCollection } from '../../src/adapters/mongo/sales/people-collection';
import { toPersonDocument } from '../../src/adapters/mongo/sales/person-mapper';
import { toSaleDocument } from '../../src/adapters/mongo/sales/sale-mapper';
import { saleStatusEventIndexes, salesCollection, salesIndexes } from '../../src/adapters/mongo/sales/sales-collection';
import { ensureIndexes } from '../../src/adapters/mongo/shared/collection-indexes';
import { withDatabase } from '../../src/adapters/mongo/shared/embedded-mongo';
import { connectMongo, type CommandObserver } from '../../src/adapters/mongo/shared/mongo-connection';
import { SystemClock } from '../../src/adapters/system/system-clock';
import { UuidIdGenerator } from '../../src/adapters/system/uuid-id-generator';
import { DispatchPendingSales } from '../../src/application/sales/dispatch-pending-sales';
import { DEFAULT_DISPATCH_SETTINGS, type DispatchSettings } from '../../src/application/sales/dispatch-settings';
import type { DeliveryAttemptLog, SaleRepository, SaleWebhookSender } from '../../src/application/sales/ports';
import {
  NEW_DELIVERY_STATE,
  NO_PERSON_DETAILS,
  type Person,
  type Sale,
  type SaleEntry,
} from '../../src/domain/sales/sale';
import { InMemoryDeliveryAttemptLog } from '../../test/support/fakes/in-memory-delivery-attempt-log';
import { InMemoryPersonRepository } from '../../test/support/fakes/in-memory-person-repository';
import { InMemorySaleRepository } from '../../test/support/fakes/in-memory-sale-repository';
import { InMemoryVendorRepository } from '../../test/support/fakes/in-memory-vendor-repository';

export type StoreKind = 'memory' | 'embedded';

export interface SeededStore {
  /** The seeded sales with their person, for the bare POST loop (no store involved). */
  readonly entries: readonly SaleEntry[];
  dispatcher(sender: SaleWebhookSender, settings?: Partial<DispatchSettings>): DispatchPendingSales;
  /** Sales still pending, and how many of them still hold a lease. */
  pending(): Promise<{ pending: number; leased: number }>;
  close(): Promise<void>;
}

/** N pending sales of one person, created a millisecond apart (oldest first), none sent yet. */
export function benchSales(n: number): { person: Person; sales: Sale[] } {
  const now = new Date();
  const person: Person = {
    id: randomUUID(),
    fullName: 'Bench Person',
    ...NO_PERSON_DETAILS,
    cpf: '52998224725',
    mobile: '5511987654321',
    createdAt: now,
    updatedAt: now,
  };
  const sales: Sale[] = Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    sellerId: 'S-1',
    sellerName: 'Bench',
    financingApprovalDate: null,
    personId: person.id,
    address: {
      street: 'Rua A',
      number: String(i),
      city: 'São Paulo',
      state: 'SP',
      neighborhood: 'Centro',
      complement: '',
      zipCode: '01001000',
    },
    vehicle: null,
    vendorId: null,
    lastEvent: null,
    delivery: NEW_DELIVERY_STATE,
    createdAt: new Date(now.getTime() - n + i),
    updatedAt: now,
  }));
  return { person, sales };
}

/** A fresh store (its own database, or fresh fakes) holding `n` pending sales. */
export async function seedStore(
  kind: StoreKind,
  n: number,
  mongoUri: string | undefined,
  commandObserver?: CommandObserver,
): Promise<SeededStore> {
  const { person, sales } = benchSales(n);
  const entries = sales.map((sale) => ({ sale, person, vendor: null }));
  const build =
    (repository: SaleRepository, attempts: DeliveryAttemptLog) =>
    (sender: SaleWebhookSender, settings: Partial<DispatchSettings> = {}) =>
      new DispatchPendingSales(repository, sender, attempts, new SystemClock(), new UuidIdGenerator(), {
        ...DEFAULT_DISPATCH_SETTINGS,
        ...settings,
      });

  if (kind === 'memory') {
    const people = new InMemoryPersonRepository();
    const repository = new InMemorySaleRepository(people, new InMemoryVendorRepository());
    await people.saveByCpf(person);
    for (const sale of sales) await repository.insert(sale);
    const pending = async () => {
      const page = await repository.list({ processed: false }, 1, n);
      return { pending: page.total, leased: page.items.filter((e) => e.sale.delivery.leaseUntil !== null).length };
    };
    return {
      entries,
      dispatcher: build(repository, new InMemoryDeliveryAttemptLog()),
      pending,
      close: async () => undefined,
    };
  }

  if (mongoUri === undefined) throw new Error('the embedded store needs a database');
  const mongo = await connectMongo(
    withDatabase(mongoUri, `bench_${randomUUID().slice(0, 8)}`),
    commandObserver === undefined ? {} : { commandObserver },
  );
  await ensureIndexes(mongo.db, [salesIndexes, saleStatusEventIndexes]);
  await peopleCollection(mongo.db).insertOne(toPersonDocument(person));
  for (let i = 0; i < sales.length; i += 1_000)
    await salesCollection(mongo.db).insertMany(sales.slice(i, i + 1_000).map(toSaleDocument));
  const pending = async () => ({
    pending: await salesCollection(mongo.db).countDocuments({ webhookProcessed: false }),
    leased: await salesCollection(mongo.db).countDocuments({ webhookProcessed: false, leaseUntil: { $ne: null } }),
  });
  // The embedded server keeps every database it saw: drop what the round wrote so rounds stay alike.
  const close = async () => {
    for (const name of [salesCollection(mongo.db), peopleCollection(mongo.db), deliveryAttemptsCollection(mongo.db)])
      await name.drop().catch(() => undefined);
    await mongo.close();
  };
  return {
    entries,
    dispatcher: build(new MongoSaleRepository(mongo.db), new MongoDeliveryAttemptLog(mongo.db)),
    pending,
    close,
  };
}

// npm run bench:dispatch [-- --sales 10000]
// Seeds N pending sales in the embedded MongoDB (or MONGODB_URI), then measures, in one run and
// against one local receiver that answers 200 at once:
//   baseline: a plain loop POSTing the same envelopes, no database;
//   dispatch: the real DispatchPendingSales pass (claim with leases, send, mark processed).
// Prints sales/s for both, the ratio (target >= 50 %), peak memory during each pass, and the database
// commands of the dispatch pass (a figure independent of the machine), for two sizes so it is visible
// whether memory and commands grow with N.
import 'reflect-metadata';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { startMongoServer, withDatabase } from '../src/adapters/mongo/shared/embedded-mongo';
import { connectMongo } from '../src/adapters/mongo/shared/mongo-connection';
import { MongoDeliveryAttemptLog } from '../src/adapters/mongo/sales/mongo-delivery-attempt-log';
import { MongoSaleRepository, } from '../src/adapters/mongo/sales/mongo-sale-repository';
import { peopleCollection } from '../src/adapters/mongo/sales/people-collection';
import { toPersonDocument } from '../src/adapters/mongo/sales/person-mapper';
import { saleStatusEventIndexes, salesCollection, salesIndexes } from '../src/adapters/mongo/sales/sales-collection';
import { ensureIndexes } from '../src/adapters/mongo/shared/collection-indexes';
import { SystemClock } from '../src/adapters/system/system-clock';
import { UuidIdGenerator } from '../src/adapters/system/uuid-id-generator';
import { HttpSaleWebhookSender } from '../src/adapters/webhook/http-sale-webhook-sender';
import { DispatchPendingSales } from '../src/application/sales/dispatch-pending-sales';
import { DEFAULT_DISPATCH_SETTINGS } from '../src/application/sales/dispatch-settings';
import { buildEnvelope } from '../src/domain/sales/envelope';
import { NEW_DELIVERY_STATE, type Person, type Sale } from '../src/domain/sales/sale';
import { CommandCounter, describeTally, totalOf } from './support/command-count';

const argIndex = process.argv.indexOf('--sales');
const N = argIndex > 0 ? Number(process.argv[argIndex + 1]) : 10_000;

/** Peak RSS and peak heap above the heap at the start (after a full GC when --expose-gc is given). */
function peakMemory(): { stop: () => { rssMiB: number; heapMiB: number } } {
  (globalThis as { gc?: () => void }).gc?.();
  const heapAtStart = process.memoryUsage().heapUsed;
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  sample();
  const timer = setInterval(sample, 20);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return { rssMiB: Math.round(rss / 1048576), heapMiB: Math.round((heap - heapAtStart) / 1048576) };
    },
  };
}

async function main(): Promise<void> {
  const server = await startMongoServer({ uri: process.env.MONGODB_URI, log: (line) => console.log(line) });
  let received = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const sender = new HttpSaleWebhookSender(url);

  try {
    for (const size of [Math.max(1, Math.floor(N / 5)), N]) {
      const counter = new CommandCounter();
      const mongo = await connectMongo(withDatabase(server.uri, `bench_${randomUUID().slice(0, 8)}`), { commandObserver: counter.observer });
      await ensureIndexes(mongo.db, [salesIndexes, saleStatusEventIndexes]);
      const now = new Date();
      const person: Person = {
        id: randomUUID(), fullName: 'Bench Person', cpf: '52998224725', rg: null, cnh: null, birthDate: null, gender: null,
        maritalStatus: null, personalEmail: null, commercialEmail: null, residentialPhone: null, commercialPhone: null,
        mobile: '5511987654321', optionalPhone: null, createdAt: now, updatedAt: now,
      };
      await peopleCollection(mongo.db).insertOne(toPersonDocument(person));
      const sales: Sale[] = Array.from({ length: size }, (_, i) => ({
        id: randomUUID(), sellerId: 'S-1', sellerName: 'Bench', financingApprovalDate: null, personId: person.id,
        address: { street: 'Rua A', number: String(i), city: 'São Paulo', state: 'SP', neighborhood: 'Centro', complement: '', zipCode: '01001000' },
        vehicle: null, vendorId: null, lastEvent: null, delivery: NEW_DELIVERY_STATE, createdAt: new Date(now.getTime() + i), updatedAt: now,
      }));
      for (let i = 0; i < sales.length; i += 1_000) {
        await salesCollection(mongo.db).insertMany(
          sales.slice(i, i + 1_000).map((s) => ({
            _id: s.id, sellerId: s.sellerId, sellerName: s.sellerName, financingApprovalDate: null, personId: s.personId,
            address: s.address, vehicle: null, vendorId: null, lastEvent: null, ...s.delivery, leaseOwner: null,
            createdAt: s.createdAt, updatedAt: s.updatedAt,
          })),
        );
      }

      // Baseline: the same envelopes, posted in a plain loop, no database.
      const batch = DEFAULT_DISPATCH_SETTINGS.batchSize;
      const baselineMemory = peakMemory();
      let t = performance.now();
      for (let i = 0; i < sales.length; i += batch) {
        const entries = sales.slice(i, i + batch).map((sale) => ({ sale, person, vendor: null }));
        const result = await sender.send(buildEnvelope(entries, new Date()));
        if (!result.ok) throw new Error('baseline delivery failed');
      }
      const baselineSeconds = (performance.now() - t) / 1000;
      const baselineMem = baselineMemory.stop();
      sales.length = 0; // the dispatch pass must not benefit from data held in memory

      const before = received;
      const dispatch = new DispatchPendingSales(
        new MongoSaleRepository(mongo.db), sender, new MongoDeliveryAttemptLog(mongo.db), new SystemClock(), new UuidIdGenerator(), DEFAULT_DISPATCH_SETTINGS,
      );
      const memory = peakMemory();
      t = performance.now();
      const { result, commands } = await counter.count(() => dispatch.execute());
      const dispatchSeconds = (performance.now() - t) / 1000;
      const dispatchMem = memory.stop();
      if (result._tag === 'Left' || result.right.delivered !== size) throw new Error(`dispatch delivered ${JSON.stringify(result)}`);

      const baselineRate = size / baselineSeconds;
      const dispatchRate = size / dispatchSeconds;
      console.log(`\n${size} sales (batches of ${batch}, ${received - before} POSTs by dispatch)`);
      console.log(`  baseline (POST loop, no DB): ${baselineRate.toFixed(0)} sales/s  peak rss ${baselineMem.rssMiB} MiB, heap +${baselineMem.heapMiB} MiB`);
      console.log(`  dispatch (claim, send, mark): ${dispatchRate.toFixed(0)} sales/s  peak rss ${dispatchMem.rssMiB} MiB, heap +${dispatchMem.heapMiB} MiB`);
      console.log(`  dispatch / baseline: ${((dispatchRate / baselineRate) * 100).toFixed(0)} % (target >= 50 %)`);
      const posts = received - before;
      console.log(`  dispatch database commands: ${describeTally(commands)} (${(totalOf(commands) / Math.max(1, posts)).toFixed(1)} per POSTed batch)`);
      await mongo.close();
    }
  } finally {
    await sender.close();
    receiver.close();
    await server.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

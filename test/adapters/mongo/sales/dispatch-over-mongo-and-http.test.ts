import { expect } from 'chai';
import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import * as E from 'fp-ts/Either';
import { randomUUID } from 'node:crypto';
import { DispatchPendingSales, type DispatchReport } from '../../../../src/application/sales/dispatch-pending-sales';
import { DEFAULT_DISPATCH_SETTINGS, type DispatchSettings } from '../../../../src/application/sales/dispatch-settings';
import type { Clock } from '../../../../src/application/shared/ports';
import { deliveryAttemptsCollection } from '../../../../src/adapters/mongo/sales/delivery-attempts-collection';
import { MongoDeliveryAttemptLog } from '../../../../src/adapters/mongo/sales/mongo-delivery-attempt-log';
import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { saleStatusEventIndexes, salesIndexes } from '../../../../src/adapters/mongo/sales/sales-collection';
import { UuidIdGenerator } from '../../../../src/adapters/system/uuid-id-generator';
import { HttpSaleWebhookSender } from '../../../../src/adapters/webhook/http-sale-webhook-sender';
import { connectTestDatabase } from '../../../support/mongo';
import { closedPortUrl, TestReceiver } from '../../../support/receiver';
import { person, repositories, sale, seedSales, vendor } from '../../../support/sales-fixtures';

const systemClock: Clock = { now: () => new Date() };

describe('DispatchPendingSales (real MongoDB, real HTTP destination)', () => {
  let mongo: MongoConnection;
  let receiver: TestReceiver;
  let url: string;
  const senders: HttpSaleWebhookSender[] = [];

  beforeEach(async () => {
    mongo = await connectTestDatabase();
    await ensureIndexes(mongo.db, [salesIndexes, saleStatusEventIndexes]);
    receiver = new TestReceiver();
    url = await receiver.start();
  });
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((s) => s.close()));
    await receiver.stop();
    await mongo.close();
  });

  function dispatcher(
    options: { url?: string; timeoutMs?: number; settings?: Partial<DispatchSettings>; clock?: Clock } = {},
  ) {
    const sender = new HttpSaleWebhookSender(options.url ?? url, systemClock, {
      timeoutMs: options.timeoutMs ?? 5_000,
    });
    senders.push(sender);
    return new DispatchPendingSales(
      repositories(mongo.db).sales,
      sender,
      new MongoDeliveryAttemptLog(mongo.db),
      options.clock ?? systemClock,
      new UuidIdGenerator(),
      { ...DEFAULT_DISPATCH_SETTINGS, ...options.settings },
    );
  }

  async function run(d: DispatchPendingSales, input = {}): Promise<DispatchReport> {
    const result = await d.execute(input);
    if (E.isLeft(result)) throw new Error(result.left._tag);
    return result.right;
  }

  it('2xx: marks the batch processed, clears forceReprocess, and the sale is not sent again', async () => {
    const [id] = await seedSales(mongo.db, 1, { delivery: { ...sale('x').delivery, forceReprocess: true } });
    const report = await run(dispatcher());
    expect(report).to.deep.include({ claimed: 1, delivered: 1, failed: 0, skipped: 0, outcomes: { '200': 1 } });
    const stored = await repositories(mongo.db).sales.findEntry(id as string);
    expect(stored?.sale.delivery).to.include({
      webhookProcessed: true,
      forceReprocess: false,
      leaseUntil: null,
      attempts: 1,
      lastOutcome: '200',
    });
    expect((await run(dispatcher())).claimed).to.equal(0);
    expect(receiver.saleIdsReceived()).to.deep.equal([id]);
  });

  it('sends exactly the headers of spec part 6 and the envelope of part 2, field by field', async () => {
    const { sales, people, vendors } = repositories(mongo.db);
    const v = vendor();
    await vendors.insert(v);
    const p = await people.saveByCpf(person());
    const full = sale(p.id, {
      vendorId: v.id,
      address: {
        street: 'Rua A',
        number: '10',
        city: 'São Paulo',
        state: 'SP',
        neighborhood: 'Centro',
        complement: 'ap 2',
        zipCode: '01001000',
      },
      vehicle: {
        id: randomUUID(),
        manufacturer: 'Fiat',
        brand: 'Fiat',
        model: 'Argo',
        color: 'Prata',
        manufactureYear: 2024,
        modelYear: 2025,
        fipeCode: '001',
        renavan: '123',
        chassi: '9BW',
        fuelType: 'flex',
      },
    });
    const bare = sale(p.id, { financingApprovalDate: null, createdAt: new Date(Date.now() + 1) });
    await sales.insert(full);
    await sales.insert(bare);
    await run(dispatcher());

    expect(receiver.received).to.have.length(1);
    const request = receiver.received[0];
    expect(request?.method).to.equal('POST');
    expect(request?.headers['content-type']).to.equal('application/json');
    expect(request?.headers['user-agent']).to.equal('ServiceAPI/1.0');
    expect(
      Object.keys(request?.headers ?? {}).filter((h) => h.startsWith('webhook-') || h.includes('attempt')),
    ).to.deep.equal([]);

    const envelope = JSON.parse(request?.body ?? '{}');
    expect(Object.keys(envelope).sort()).to.deep.equal(['timestamp', 'totalVendas', 'vendas']);
    expect(envelope.totalVendas).to.equal(2);
    const [first, second] = envelope.vendas;
    expect(Object.keys(first).sort()).to.deep.equal([
      'endereco',
      'pessoa',
      'timestamp',
      'veiculo',
      'venda',
      'vendedor',
    ]);
    expect(first.venda).to.deep.equal({
      id: full.id,
      sellerId: 'S-1',
      sellerName: 'Carlos',
      financingApprovalDate: '2026-11-01T12:00:00.000Z',
      createdAt: full.createdAt.toISOString(),
      updatedAt: full.updatedAt.toISOString(),
    });
    expect(first.pessoa).to.deep.equal({
      id: p.id,
      fullName: p.fullName,
      cpf: p.cpf,
      rg: p.rg,
      cnh: p.cnh,
      birthDate: '1985-04-12',
      gender: 'F',
      maritalStatus: 'married',
      personalEmail: 'maria@example.com',
      commercialEmail: null,
      residentialPhone: '551133334444',
      commercialPhone: null,
      mobile: '5511987654321',
      optionalPhone: null,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    });
    expect(first.endereco).to.deep.equal(full.address);
    expect(first.veiculo).to.deep.equal(full.vehicle);
    expect(first.vendedor).to.deep.equal({
      id: v.id,
      vendorId: v.vendorId,
      name: v.name,
      isActive: true,
      webhookEnabled: true,
    });
    expect(first.timestamp).to.equal(envelope.timestamp);
    expect(second.venda.financingApprovalDate).to.equal(null);
    expect(second.endereco).to.equal(null);
    expect(second.veiculo).to.equal(null);
    expect(second.vendedor).to.equal(null);
  });

  for (const [name, behaviour, expectedOutcome] of [
    ['a 500 answer', { status: 500 }, '500'],
    ['a 302 answer (redirects are not followed)', { status: 302, location: '/elsewhere' }, '302'],
  ] as const) {
    it(`${name}: the sale stays pending, the lease is released, and a later pass sends it`, async () => {
      const [id] = await seedSales(mongo.db, 1);
      receiver.behaviour = behaviour;
      const report = await run(dispatcher());
      expect(report).to.deep.include({ claimed: 1, delivered: 0, failed: 1, outcomes: { [expectedOutcome]: 1 } });
      const after = await repositories(mongo.db).sales.findEntry(id as string);
      expect(after?.sale.delivery).to.include({
        webhookProcessed: false,
        leaseUntil: null,
        attempts: 1,
        lastOutcome: expectedOutcome,
      });
      expect(receiver.received.filter((r) => r.path === '/elsewhere')).to.have.length(0);

      receiver.behaviour = { status: 204 };
      expect(await run(dispatcher())).to.deep.include({ delivered: 1 });
      expect((await repositories(mongo.db).sales.findEntry(id as string))?.sale.delivery.webhookProcessed).to.equal(
        true,
      );
    });
  }

  it(
    'settles each batch of a claimed chunk by its own answer: 2xx batches processed, failed ones ' + 'pending',
    async () => {
      const ids = await seedSales(mongo.db, 6);
      receiver.upcoming.push({ status: 200 }, { status: 500 }, { status: 201 });
      const report = await run(dispatcher({ settings: { batchSize: 2, claimSize: 6 } }));
      expect(report).to.deep.include({
        claimed: 6,
        delivered: 4,
        failed: 2,
        outcomes: { '200': 1, '500': 1, '201': 1 },
      });
      const [first, second, third] = receiver.envelopes().map((e) => e.vendas.map((v) => v.venda.id));
      const { sales } = repositories(mongo.db);
      for (const id of [...(first ?? []), ...(third ?? [])]) {
        expect((await sales.findEntry(id))?.sale.delivery).to.include({ webhookProcessed: true, leaseUntil: null });
      }
      for (const id of second ?? []) {
        expect((await sales.findEntry(id))?.sale.delivery).to.include({
          webhookProcessed: false,
          leaseUntil: null,
          lastOutcome: '500',
        });
      }
      expect(new Set([...(first ?? []), ...(second ?? []), ...(third ?? [])])).to.deep.equal(new Set(ids));
    },
  );

  it('a destination slower than the timeout: pending, outcome "timeout"', async () => {
    const [id] = await seedSales(mongo.db, 1);
    receiver.behaviour = { status: 200, delayMs: 2_000 };
    const report = await run(dispatcher({ timeoutMs: 200 }));
    expect(report).to.deep.include({ delivered: 0, failed: 1, outcomes: { timeout: 1 } });
    expect((await repositories(mongo.db).sales.findEntry(id as string))?.sale.delivery.webhookProcessed).to.equal(
      false,
    );
  });

  it(
    'a receiver that never answers: the pass ends at its deadline, not at the delivery timeout; every sale stays ' +
      'pending and unleased',
    async () => {
      const ids = await seedSales(mongo.db, 120);
      receiver.behaviour = { status: 200, silent: true };
      // The delivery timeout (60 s) is longer than the test's own: only the deadline can end this pass.
      const d = dispatcher({ timeoutMs: 60_000, settings: { deadlineMs: 400 } });
      const report = await run(d, { concurrency: 2 });
      expect(report).to.deep.include({
        claimed: 120,
        delivered: 0,
        failed: 100,
        released: 20,
        deadlineReached: true,
        outcomes: { aborted: 2 },
      });
      expect(receiver.received).to.have.length(2);
      const { sales } = repositories(mongo.db);
      for (const id of ids)
        expect((await sales.findEntry(id))?.sale.delivery).to.include({ webhookProcessed: false, leaseUntil: null });
      const attempted = receiver.saleIdsReceived();
      for (const id of attempted)
        expect((await sales.findEntry(id))?.sale.delivery).to.include({ attempts: 1, lastOutcome: 'aborted' });
      const attempts = await deliveryAttemptsCollection(mongo.db).find({}).toArray();
      expect(attempts.map((a) => a.error)).to.deep.equal(['aborted', 'aborted']);
      // The next pass takes them all (no lease left to wait for).
      receiver.behaviour = { status: 200 };
      expect(await run(dispatcher())).to.deep.include({ claimed: 120, delivered: 120 });
    },
  );

  it('connection refused: pending, outcome ECONNREFUSED, attempt recorded', async () => {
    const [id] = await seedSales(mongo.db, 1);
    const report = await run(dispatcher({ url: await closedPortUrl() }));
    expect(report).to.deep.include({ delivered: 0, failed: 1, outcomes: { ECONNREFUSED: 1 } });
    const attempts = await deliveryAttemptsCollection(mongo.db).find({}).toArray();
    expect(attempts).to.have.length(1);
    expect(attempts[0]).to.include({ trigger: 'dispatch', status: null, error: 'ECONNREFUSED' });
    expect(attempts[0]?.saleIds).to.deep.equal([id]);
  });

  it('sends in batches of the configured size and honours --limit', async () => {
    await seedSales(mongo.db, 120);
    const limited = await run(dispatcher(), { limit: 30 });
    expect(limited.claimed).to.equal(30);
    const rest = await run(dispatcher());
    expect(rest).to.deep.include({ claimed: 90, delivered: 90 });
    expect(receiver.envelopes().map((e) => e.totalVendas)).to.deep.equal([30, 50, 40]);
    expect(limited.outcomes).to.deep.equal({ '200': 1 });
    expect(rest.outcomes).to.deep.equal({ '200': 2 });
    expect(new Set(receiver.saleIdsReceived()).size).to.equal(120);
  });

  it(
    'takes sales inside the window and forced ones regardless of age; skips vendors with webhooks ' + 'disabled',
    async () => {
      const { vendors } = repositories(mongo.db);
      const disabled = vendor({ webhookEnabled: false });
      await vendors.insert(disabled);
      const old = new Date(Date.now() - 8 * 86_400_000);
      const [recent] = await seedSales(mongo.db, 1);
      const [stale] = await seedSales(mongo.db, 1, { createdAt: old });
      const [forcedStale] = await seedSales(mongo.db, 1, {
        createdAt: old,
        delivery: { ...sale('x').delivery, forceReprocess: true },
      });
      const [ofDisabledVendor] = await seedSales(mongo.db, 1, { vendorId: disabled.id });
      const report = await run(dispatcher());
      expect(report).to.deep.include({ claimed: 2, delivered: 2, skipped: 1 });
      expect(receiver.saleIdsReceived()).to.have.members([recent, forcedStale]);
      expect(receiver.saleIdsReceived()).not.to.include(stale);
      expect(receiver.saleIdsReceived()).not.to.include(ofDisabledVendor);
    },
  );

  it('two passes running at the same time deliver each sale exactly once', async () => {
    const ids = await seedSales(mongo.db, 200);
    receiver.behaviour = { status: 200, delayMs: 5 };
    const settings = { batchSize: 20, claimSize: 20 };
    const [a, b] = await Promise.all([run(dispatcher({ settings })), run(dispatcher({ settings }))]);
    expect((a?.delivered ?? 0) + (b?.delivered ?? 0)).to.equal(200);
    const received = receiver.saleIdsReceived();
    expect(received).to.have.length(200);
    expect(new Set(received)).to.deep.equal(new Set(ids));
  });

  it('a run that died holding a lease loses no sale: the next run takes it once the lease expires', async () => {
    const [id] = await seedSales(mongo.db, 1);
    let now = Date.now();
    const clock: Clock = { now: () => new Date(now) };
    // A run that claimed the sale and crashed before settling it.
    const dead = await repositories(mongo.db).sales.claimEligible({
      now: new Date(now),
      eligibleSince: new Date(now - 86_400_000),
      notAttemptedSince: new Date(now),
      limit: 10,
      leaseMs: 60_000,
      owner: 'dead-run',
    });
    expect(dead.map((e) => e.sale.id)).to.deep.equal([id]);
    expect((await run(dispatcher({ clock }))).claimed).to.equal(0);
    now += 61_000;
    expect(await run(dispatcher({ clock }))).to.deep.include({ claimed: 1, delivered: 1 });
    expect(receiver.saleIdsReceived()).to.deep.equal([id]);
  });

  it('--dry-run returns the envelopes it would send and changes nothing', async () => {
    const ids = await seedSales(mongo.db, 3);
    const report = await run(dispatcher(), { dryRun: true });
    expect(report.claimed).to.equal(0);
    expect(report.envelopes?.[0]?.vendas.map((v) => v.venda.id)).to.have.members(ids);
    expect(receiver.received).to.have.length(0);
    for (const id of ids)
      expect((await repositories(mongo.db).sales.findEntry(id))?.sale.delivery).to.include({
        attempts: 0,
        leaseUntil: null,
      });
  });

  it('reports that the destination is not configured', async () => {
    const d = new DispatchPendingSales(
      repositories(mongo.db).sales,
      undefined,
      new MongoDeliveryAttemptLog(mongo.db),
      systemClock,
      new UuidIdGenerator(),
      DEFAULT_DISPATCH_SETTINGS,
    );
    expect(await d.execute()).to.deep.equal(E.left({ _tag: 'WebhookNotConfigured' }));
  });
});

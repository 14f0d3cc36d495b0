import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { DEFAULT_DISPATCH_SETTINGS } from '../../../../src/application/sales/dispatch-settings';
import { ResendSale } from '../../../../src/application/sales/resend-sale';
import { deliveryAttemptsCollection } from '../../../../src/adapters/mongo/sales/delivery-attempts-collection';
import { MongoDeliveryAttemptLog } from '../../../../src/adapters/mongo/sales/mongo-delivery-attempt-log';
import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { SystemClock } from '../../../../src/adapters/system/system-clock';
import { UuidIdGenerator } from '../../../../src/adapters/system/uuid-id-generator';
import { HttpSaleWebhookSender } from '../../../../src/adapters/webhook/http-sale-webhook-sender';
import { connectTestDatabase } from '../../../support/mongo';
import { TestReceiver } from '../../../support/receiver';
import { repositories, sale, seedSales } from '../../../support/sales-fixtures';

describe('ResendSale (manual trigger; real MongoDB, real HTTP destination)', () => {
  let mongo: MongoConnection;
  let receiver: TestReceiver;
  let sender: HttpSaleWebhookSender;
  let resend: ResendSale;

  beforeEach(async () => {
    mongo = await connectTestDatabase();
    receiver = new TestReceiver();
    sender = new HttpSaleWebhookSender(await receiver.start(), new SystemClock(), { timeoutMs: 2_000 });
    resend = new ResendSale(
      repositories(mongo.db).sales,
      sender,
      new MongoDeliveryAttemptLog(mongo.db),
      new SystemClock(),
      new UuidIdGenerator(),
      DEFAULT_DISPATCH_SETTINGS,
    );
  });
  afterEach(async () => {
    await sender.close();
    await receiver.stop();
    await mongo.close();
  });

  it('sends an already processed sale again, alone (totalVendas 1), and marks it processed', async () => {
    const [id] = await seedSales(mongo.db, 1, { delivery: { ...sale('x').delivery, webhookProcessed: true } });
    await seedSales(mongo.db, 2);
    const result = await resend.execute(id as string);
    expect(result).to.deep.equal(E.right({ saleId: id, success: true, destinationStatus: 200, error: null }));
    expect(receiver.envelopes()).to.have.length(1);
    expect(receiver.envelopes()[0]?.totalVendas).to.equal(1);
    expect(receiver.saleIdsReceived()).to.deep.equal([id]);
    expect((await repositories(mongo.db).sales.findEntry(id as string))?.sale.delivery).to.include({
      webhookProcessed: true,
      forceReprocess: false,
      attempts: 1,
    });
    const attempts = await deliveryAttemptsCollection(mongo.db).find({}).toArray();
    expect(attempts.map((a) => a.trigger)).to.deep.equal(['manual']);
  });

  it('reports a failed destination and leaves the sale forced and pending', async () => {
    const [id] = await seedSales(mongo.db, 1, { delivery: { ...sale('x').delivery, webhookProcessed: true } });
    receiver.behaviour = { status: 503 };
    const result = await resend.execute(id as string);
    expect(result).to.deep.equal(E.right({ saleId: id, success: false, destinationStatus: 503, error: null }));
    expect((await repositories(mongo.db).sales.findEntry(id as string))?.sale.delivery).to.include({
      webhookProcessed: false,
      forceReprocess: true,
      leaseUntil: null,
    });
  });

  it('answers SaleNotFound for an unknown id and sends nothing', async () => {
    expect(await resend.execute('00000000-0000-4000-8000-000000000000')).to.deep.equal(
      E.left({ _tag: 'SaleNotFound', saleId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(receiver.received).to.have.length(0);
  });

  it('answers SaleBusy while a dispatch run holds the sale (never two sends at once), forcing it anyway', async () => {
    const [id] = await seedSales(mongo.db, 1);
    const now = new Date();
    await repositories(mongo.db).sales.claimEligible({
      now,
      eligibleSince: new Date(0),
      notAttemptedSince: now,
      limit: 1,
      leaseMs: 60_000,
      owner: 'running-dispatch',
    });
    expect(await resend.execute(id as string)).to.deep.equal(E.left({ _tag: 'SaleBusy', saleId: id }));
    expect(receiver.received).to.have.length(0);
    expect((await repositories(mongo.db).sales.findEntry(id as string))?.sale.delivery.forceReprocess).to.equal(true);
  });
});

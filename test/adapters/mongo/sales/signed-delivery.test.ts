import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { Webhook } from 'standardwebhooks';
import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import { MongoDeliveryAttemptLog } from '../../../../src/adapters/mongo/sales/mongo-delivery-attempt-log';
import { saleStatusEventIndexes, salesIndexes } from '../../../../src/adapters/mongo/sales/sales-collection';
import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { UuidIdGenerator } from '../../../../src/adapters/system/uuid-id-generator';
import { HttpSaleWebhookSender } from '../../../../src/adapters/webhook/http-sale-webhook-sender';
import { DispatchPendingSales } from '../../../../src/application/sales/dispatch-pending-sales';
import { DEFAULT_DISPATCH_SETTINGS } from '../../../../src/application/sales/dispatch-settings';
import { ResendSale } from '../../../../src/application/sales/resend-sale';
import { connectTestDatabase } from '../../../support/mongo';
import { TestReceiver, type ReceivedRequest } from '../../../support/receiver';
import { repositories, seedSales } from '../../../support/sales-fixtures';
import { SystemClock } from '../../../../src/adapters/system/system-clock';

/** A Standard Webhooks secret as a deployment would set it in SALES_WEBHOOK_SECRET. */
const SECRET = `whsec_${Buffer.from('signed-delivery-test-key-32-byte').toString('base64')}`;
const clock = { now: () => new Date() };

/** The three Standard Webhooks headers of a received delivery, as the receiver's library reads them. */
function signatureHeaders(request: ReceivedRequest | undefined): Record<string, string> {
  return Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(request?.headers[name])]),
  );
}

/**
 * CONTRACT 11.3 end to end: deliveries of the real dispatch and resend, over MongoDB and HTTP on
 * loopback, verified by the Standard Webhooks reference library (not by the project's own code), with a
 * `webhook-id` a receiver can dedupe retries on.
 */
describe('Signed sale deliveries (Standard Webhooks, real MongoDB, real HTTP receiver)', () => {
  let mongo: MongoConnection;
  let receiver: TestReceiver;
  let sender: HttpSaleWebhookSender;
  const verifier = new Webhook(SECRET);

  beforeEach(async () => {
    mongo = await connectTestDatabase();
    await ensureIndexes(mongo.db, [salesIndexes, saleStatusEventIndexes]);
    receiver = new TestReceiver();
    sender = new HttpSaleWebhookSender(await receiver.start(), new SystemClock(), {
      signingSecret: SECRET,
      timeoutMs: 5_000,
    });
  });
  afterEach(async () => {
    await sender.close();
    await receiver.stop();
    await mongo.close();
  });

  const attempts = () => new MongoDeliveryAttemptLog(mongo.db);
  // notAttemptedSince is the pass's start: a sale that failed a moment ago is retried by the next pass.
  const dispatch = async (): Promise<void> => {
    const d = new DispatchPendingSales(repositories(mongo.db).sales, sender, attempts(), clock, new UuidIdGenerator(), {
      ...DEFAULT_DISPATCH_SETTINGS,
      batchSize: 2,
    });
    const result = await d.execute({});
    if (E.isLeft(result)) throw new Error(result.left._tag);
  };

  it('a retry after a 500 carries the same webhook-id; both attempts verify with the reference library', async () => {
    const ids = await seedSales(mongo.db, 2);
    receiver.behaviour = { status: 500 };
    await dispatch();
    receiver.behaviour = { status: 200 };
    await dispatch();

    expect(receiver.received).to.have.length(2);
    const [failed, retried] = receiver.received;
    for (const request of [failed, retried]) {
      const envelope = verifier.verify(request?.body ?? '', signatureHeaders(request)) as { vendas: unknown[] };
      expect(envelope.vendas).to.have.length(2);
    }
    expect(retried?.headers['webhook-id']).to.match(/^msg_[0-9a-f]{64}$/);
    expect(retried?.headers['webhook-id']).to.equal(failed?.headers['webhook-id']);
    expect(receiver.saleIdsReceived().sort()).to.deep.equal([...ids, ...ids].sort());
    // A body changed in transit does not verify, whatever its id.
    expect(() =>
      verifier.verify((retried?.body ?? '').replace('"totalVendas":2', '"totalVendas":3'), signatureHeaders(retried)),
    ).to.throw();
  });

  it('a new event on a sale or another grouping of sales is a new webhook-id', async () => {
    const [first = '', second = ''] = await seedSales(mongo.db, 2);
    const { sales } = repositories(mongo.db);
    const resend = new ResendSale(sales, sender, attempts(), clock, new UuidIdGenerator(), DEFAULT_DISPATCH_SETTINGS);
    const send = async (id: string): Promise<string> => {
      const result = await resend.execute(id);
      if (E.isLeft(result)) throw new Error(result.left._tag);
      const request = receiver.received.at(-1);
      verifier.verify(request?.body ?? '', signatureHeaders(request));
      return String(request?.headers['webhook-id']);
    };

    const alone = await send(first);
    expect(await send(first), 'the same sale, unchanged, resent').to.equal(alone);
    await sales.recordEvent(first, { event: 'template_sent', at: new Date(Date.now() + 1_000) });
    const changed = await send(first);
    expect(changed, 'after an event on the sale').not.to.equal(alone);
    expect(await send(second), 'another sale').not.to.equal(changed);

    receiver.received.length = 0;
    await sales.force(first);
    await sales.force(second);
    await dispatch();
    const batch = String(receiver.received[0]?.headers['webhook-id']);
    expect(receiver.saleIdsReceived().sort()).to.deep.equal([first, second].sort());
    expect(batch, 'the two sales in one batch').not.to.be.oneOf([changed, alone]);
  });
});

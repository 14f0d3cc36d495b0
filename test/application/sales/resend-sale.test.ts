import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { randomUUID } from 'node:crypto';
import { DEFAULT_DISPATCH_SETTINGS } from '../../../src/application/sales/dispatch-settings';
import { ResendSale } from '../../../src/application/sales/resend-sale';
import { salesFakes } from '../../support/fakes/sales-fakes';
import { person, sale } from '../../support/sales-fixtures';

describe('ResendSale', () => {
  let f: ReturnType<typeof salesFakes>;
  let resend: ResendSale;
  let saleId: string;
  beforeEach(async () => {
    f = salesFakes();
    resend = new ResendSale(f.sales, f.sender, f.attempts, f.clock, f.ids, DEFAULT_DISPATCH_SETTINGS);
    const s = sale((await f.people.saveByCpf(person())).id, { delivery: { ...sale('x').delivery, webhookProcessed: true } });
    await f.sales.insert(s);
    saleId = s.id;
  });
  const delivery = async () => (await f.sales.findEntry(saleId))?.sale.delivery;

  it('forces the sale and sends it alone, even when already processed; processed again on a 2xx', async () => {
    expect(await resend.execute(saleId)).to.deep.equal(E.right({ saleId, success: true, destinationStatus: 200, error: null }));
    expect(f.sender.received.map((e) => e.totalVendas)).to.deep.equal([1]);
    expect(f.sender.saleIdsReceived()).to.deep.equal([saleId]);
    expect(await delivery()).to.deep.include({ webhookProcessed: true, forceReprocess: false, leaseUntil: null, attempts: 1, lastOutcome: '200' });
    expect(f.attempts.attempts).to.deep.equal([
      { id: f.attempts.attempts[0]?.id, at: f.clock.now(), trigger: 'manual', saleIds: [saleId], status: 200, error: null, durationMs: 0 },
    ]);
  });

  it('a failed destination: success false with its status; the sale stays forced and pending, the attempt recorded', async () => {
    f.sender.answer = { status: 503 };
    expect(await resend.execute(saleId)).to.deep.equal(E.right({ saleId, success: false, destinationStatus: 503, error: null }));
    expect(await delivery()).to.deep.include({ webhookProcessed: false, forceReprocess: true, leaseUntil: null, attempts: 1, lastOutcome: '503' });
    expect(f.attempts.attempts.map((a) => a.status)).to.deep.equal([503]);
  });

  it('a transport error: no status, the error named', async () => {
    f.sender.answer = 'refused';
    expect(await resend.execute(saleId)).to.deep.equal(E.right({ saleId, success: false, destinationStatus: null, error: 'ECONNREFUSED' }));
    expect(await delivery()).to.deep.include({ lastOutcome: 'ECONNREFUSED' });
  });

  it('answers WebhookNotConfigured without a destination and changes nothing', async () => {
    const unconfigured = new ResendSale(f.sales, undefined, f.attempts, f.clock, f.ids, DEFAULT_DISPATCH_SETTINGS);
    expect(await unconfigured.execute(saleId)).to.deep.equal(E.left({ _tag: 'WebhookNotConfigured' }));
    expect(await delivery()).to.deep.include({ webhookProcessed: true, forceReprocess: false });
  });

  it('answers SaleNotFound for an unknown sale without a destination too (CONTRACT 7)', async () => {
    const unconfigured = new ResendSale(f.sales, undefined, f.attempts, f.clock, f.ids, DEFAULT_DISPATCH_SETTINGS);
    const unknown = randomUUID();
    expect(await unconfigured.execute(unknown)).to.deep.equal(E.left({ _tag: 'SaleNotFound', saleId: unknown }));
  });

  it('answers SaleNotFound for an unknown sale and sends nothing', async () => {
    const unknown = randomUUID();
    expect(await resend.execute(unknown)).to.deep.equal(E.left({ _tag: 'SaleNotFound', saleId: unknown }));
    expect(f.sender.received).to.deep.equal([]);
    expect(f.attempts.attempts).to.deep.equal([]);
  });

  it('answers SaleNotFound when the sale disappears between forcing it and leasing it', async () => {
    const vanishing = Object.assign(Object.create(f.sales) as typeof f.sales, { claimOne: async () => undefined });
    const raced = new ResendSale(vanishing, f.sender, f.attempts, f.clock, f.ids, DEFAULT_DISPATCH_SETTINGS);
    expect(await raced.execute(saleId)).to.deep.equal(E.left({ _tag: 'SaleNotFound', saleId }));
    expect(f.sender.received).to.deep.equal([]);
  });

  it('answers SaleBusy while a dispatch run holds the sale: sends nothing, but the sale is forced for that run', async () => {
    await f.sales.claimOne(saleId, f.clock.now(), 60_000, 'running-dispatch');
    expect(await resend.execute(saleId)).to.deep.equal(E.left({ _tag: 'SaleBusy', saleId }));
    expect(f.sender.received).to.deep.equal([]);
    expect(await delivery()).to.deep.include({ forceReprocess: true, webhookProcessed: false });
  });
});

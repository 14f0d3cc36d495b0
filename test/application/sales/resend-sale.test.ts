import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { randomUUID } from 'node:crypto';
import { DispatchPendingSales } from '../../../src/application/sales/dispatch-pending-sales';
import { DEFAULT_DISPATCH_SETTINGS } from '../../../src/application/sales/dispatch-settings';
import { CrashSwitch, ProcessDied } from '../../support/fakes/crash-switch';
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
    const s = sale((await f.people.saveByCpf(person())).id, {
      delivery: { ...sale('x').delivery, webhookProcessed: true },
    });
    await f.sales.insert(s);
    saleId = s.id;
  });
  const delivery = async () => (await f.sales.findEntry(saleId))?.sale.delivery;

  it('forces the sale and sends it alone, even when already processed; processed again on a 2xx', async () => {
    expect(await resend.execute(saleId)).to.deep.equal(
      E.right({ saleId, success: true, destinationStatus: 200, error: null }),
    );
    expect(f.sender.received.map((e) => e.totalVendas)).to.deep.equal([1]);
    expect(f.sender.saleIdsReceived()).to.deep.equal([saleId]);
    expect(await delivery()).to.deep.include({
      webhookProcessed: true,
      forceReprocess: false,
      leaseUntil: null,
      attempts: 1,
      lastOutcome: '200',
    });
    expect(f.attempts.attempts).to.deep.equal([
      {
        id: f.attempts.attempts[0]?.id,
        at: f.clock.now(),
        trigger: 'manual',
        saleIds: [saleId],
        status: 200,
        error: null,
        durationMs: 0,
      },
    ]);
  });

  it(
    'a failed destination: success false with its status; the sale stays forced and pending, the attempt ' + 'recorded',
    async () => {
      f.sender.answer = { status: 503 };
      expect(await resend.execute(saleId)).to.deep.equal(
        E.right({ saleId, success: false, destinationStatus: 503, error: null }),
      );
      expect(await delivery()).to.deep.include({
        webhookProcessed: false,
        forceReprocess: true,
        leaseUntil: null,
        attempts: 1,
        lastOutcome: '503',
      });
      expect(f.attempts.attempts.map((a) => a.status)).to.deep.equal([503]);
    },
  );

  it('a transport error: no status, the error named', async () => {
    f.sender.answer = 'refused';
    expect(await resend.execute(saleId)).to.deep.equal(
      E.right({ saleId, success: false, destinationStatus: null, error: 'ECONNREFUSED' }),
    );
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

  it(
    'answers SaleBusy while a dispatch run holds the sale: sends nothing, but the sale is forced for that ' + 'run',
    async () => {
      await f.sales.claimOne(saleId, f.clock.now(), 60_000, 'running-dispatch');
      expect(await resend.execute(saleId)).to.deep.equal(E.left({ _tag: 'SaleBusy', saleId }));
      expect(f.sender.received).to.deep.equal([]);
      expect(await delivery()).to.deep.include({ forceReprocess: true, webhookProcessed: false });
    },
  );

  it(
    'killed before its n-th write, for every write (CONTRACT 10.2): every attempt the sale counts is in the log, ' +
      'and the next pass after the lease delivers it',
    async () => {
      const twin = new CrashSwitch();
      const twinFakes = salesFakes(twin);
      const twinSale = sale((await twinFakes.people.saveByCpf(person())).id, {
        delivery: { ...sale('x').delivery, webhookProcessed: true },
      });
      await twinFakes.sales.insert(twinSale);
      const before = twin.made;
      await new ResendSale(
        twinFakes.sales,
        twinFakes.sender,
        twinFakes.attempts,
        twinFakes.clock,
        twinFakes.ids,
        DEFAULT_DISPATCH_SETTINGS,
      ).execute(twinSale.id);
      // Force, lease, the POST, then the attempt recorded before the sale is marked.
      expect(twin.writes.slice(before)).to.deep.equal([
        'sales.updateOne',
        'sales.findOneAndUpdate',
        'delivery_attempts.insertOne',
        'sales.updateMany',
      ]);
      const writes = twin.made - before;
      for (let n = 1; n <= writes; n += 1) {
        const crash = new CrashSwitch();
        f = salesFakes(crash);
        const s = sale((await f.people.saveByCpf(person())).id, {
          delivery: { ...sale('x').delivery, webhookProcessed: true },
        });
        await f.sales.insert(s);
        crash.failWrite(n);
        let died: unknown;
        try {
          await new ResendSale(f.sales, f.sender, f.attempts, f.clock, f.ids, DEFAULT_DISPATCH_SETTINGS).execute(s.id);
        } catch (error) {
          died = error;
        }
        expect(died, `write ${n}`).to.be.instanceOf(ProcessDied);
        const recordsOf = () => f.attempts.attempts.filter((a) => a.saleIds.includes(s.id));
        const counted = async () => (await f.sales.findEntry(s.id))?.sale.delivery.attempts ?? 0;
        expect(recordsOf().length, `write ${n}: every attempt the sale counts is recorded`).to.be.at.least(
          await counted(),
        );
        if (n === writes)
          expect(
            recordsOf().map((a) => [a.trigger, a.status]),
            'the POST that happened is in the log',
          ).to.deep.equal([['manual', 200]]);
        // The next dispatch pass, once the lease has run out.
        f.clock.advance(DEFAULT_DISPATCH_SETTINGS.leaseMs + 1);
        const pass = await new DispatchPendingSales(
          f.sales,
          f.sender,
          f.attempts,
          f.clock,
          f.ids,
          DEFAULT_DISPATCH_SETTINGS,
        ).execute({});
        expect(E.isRight(pass), `write ${n}`).to.equal(true);
        expect((await f.sales.findEntry(s.id))?.sale.delivery, `write ${n}`).to.deep.include({
          webhookProcessed: true,
          forceReprocess: false,
          leaseUntil: null,
        });
        expect(recordsOf().length, `write ${n}`).to.be.at.least(await counted());
        // Sent once by the dead resend (when it got to the POST) and once by the pass (when the resend had forced it).
        expect(
          f.sender.saleIdsReceived().filter((id) => id === s.id),
          `write ${n}`,
        ).to.have.length((n >= 3 ? 1 : 0) + (n >= 2 ? 1 : 0));
      }
    },
  );
});

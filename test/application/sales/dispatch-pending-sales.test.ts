import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import {
  DispatchPendingSales,
  type DispatchInput,
  type DispatchReport,
} from '../../../src/application/sales/dispatch-pending-sales';
import type { DispatchSettings } from '../../../src/application/sales/dispatch-settings';
import type { Sale } from '../../../src/domain/sales/sale';
import { salesFakes } from '../../support/fakes/sales-fakes';
import { person, sale, vendor } from '../../support/sales-fixtures';

const DAY = 86_400_000;
const SETTINGS: DispatchSettings = {
  batchSize: 2,
  claimSize: 4,
  windowDays: 7,
  leaseMs: 60_000,
  deadlineMs: 60_000,
  concurrency: 1,
};
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('DispatchPendingSales', () => {
  let f: ReturnType<typeof salesFakes>;
  let personId: string;
  beforeEach(async () => {
    f = salesFakes();
    personId = (await f.people.saveByCpf(person())).id;
  });

  const dispatcher = (settings: Partial<DispatchSettings> = {}) =>
    new DispatchPendingSales(f.sales, f.sender, f.attempts, f.clock, f.ids, { ...SETTINGS, ...settings });
  async function run(d = dispatcher(), input: DispatchInput = {}): Promise<DispatchReport> {
    const result = await d.execute(input);
    if (E.isLeft(result)) throw new Error(result.left._tag);
    return result.right;
  }
  /** Pending sales created `ageMs` before now, a millisecond apart so their order is known. */
  async function seed(count: number, overrides: Partial<Sale> = {}, ageMs = 60_000): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const createdAt = new Date(f.clock.now().getTime() - ageMs + i);
      const s = sale(personId, { createdAt, updatedAt: createdAt, ...overrides });
      await f.sales.insert(s);
      ids.push(s.id);
    }
    return ids;
  }
  const delivery = async (id: string) => (await f.sales.findEntry(id))?.sale.delivery;

  it('sends the pending sales in batches, oldest first, and marks each delivered batch processed', async () => {
    const ids = await seed(5);
    const report = await run();
    expect(report).to.deep.equal({
      eligible: 5,
      claimed: 5,
      delivered: 5,
      failed: 0,
      released: 0,
      skipped: 0,
      deadlineReached: false,
      outcomes: { '200': 3 },
    });
    expect(f.sender.received.map((e) => e.vendas.map((v) => v.venda.id))).to.deep.equal([
      ids.slice(0, 2),
      ids.slice(2, 4),
      ids.slice(4),
    ]);
    expect(f.sender.received.map((e) => e.totalVendas)).to.deep.equal([2, 2, 1]);
    for (const id of ids)
      expect(await delivery(id)).to.deep.include({
        webhookProcessed: true,
        leaseUntil: null,
        attempts: 1,
        lastOutcome: '200',
      });
    expect((await run()).claimed).to.equal(0);
  });

  it('records one attempt per batch with its sale ids and answer', async () => {
    const ids = await seed(3);
    f.sender.upcoming.push({ status: 201 }, 'refused');
    await run();
    expect(
      f.attempts.attempts.map(({ trigger, saleIds, status, error }) => ({ trigger, saleIds, status, error })),
    ).to.deep.equal([
      { trigger: 'dispatch', saleIds: ids.slice(0, 2), status: 201, error: null },
      { trigger: 'dispatch', saleIds: ids.slice(2), status: null, error: 'ECONNREFUSED' },
    ]);
  });

  it(
    'settles each batch by its own answer: failed batches stay pending, are not retried in the same pass, and go ' +
      'in the next',
    async () => {
      const ids = await seed(4);
      f.sender.upcoming.push({ status: 500 }, { status: 200 });
      const report = await run();
      expect(report).to.deep.include({ claimed: 4, delivered: 2, failed: 2, outcomes: { '500': 1, '200': 1 } });
      for (const id of ids.slice(0, 2))
        expect(await delivery(id)).to.deep.include({
          webhookProcessed: false,
          leaseUntil: null,
          attempts: 1,
          lastOutcome: '500',
        });
      for (const id of ids.slice(2)) expect(await delivery(id)).to.deep.include({ webhookProcessed: true });
      f.clock.advance(1_000);
      expect(await run()).to.deep.include({ claimed: 2, delivered: 2 });
      expect(await delivery(ids[0] as string)).to.deep.include({ webhookProcessed: true, attempts: 2 });
    },
  );

  it(
    'takes sales created inside the window and forced ones whatever their age; skips and counts sales of vendors ' +
      'with webhooks disabled',
    async () => {
      const disabled = vendor({ webhookEnabled: false });
      await f.vendors.insert(disabled);
      const [recent] = await seed(1);
      await seed(1, {}, 8 * DAY);
      const [forcedStale] = await seed(1, { delivery: { ...sale('x').delivery, forceReprocess: true } }, 8 * DAY);
      await seed(1, { vendorId: disabled.id });
      const report = await run();
      expect(report).to.deep.include({ eligible: 2, claimed: 2, delivered: 2, skipped: 1 });
      expect(f.sender.saleIdsReceived()).to.have.members([recent, forcedStale]);
      expect(await delivery(forcedStale as string)).to.deep.include({ webhookProcessed: true, forceReprocess: false });
    },
  );

  it('never sends a sale another run holds; takes it once that lease has ended', async () => {
    const [held] = await seed(1);
    await f.sales.claimEligible({
      now: f.clock.now(),
      eligibleSince: new Date(0),
      notAttemptedSince: f.clock.now(),
      limit: 1,
      leaseMs: 60_000,
      owner: 'crashed-run',
    });
    expect(await run()).to.deep.include({ eligible: 0, claimed: 0 });
    expect(f.sender.received).to.deep.equal([]);
    f.clock.advance(60_000);
    expect(await run()).to.deep.include({ claimed: 1, delivered: 1 });
    expect(f.sender.saleIdsReceived()).to.deep.equal([held]);
  });

  it('a run started while another is sending does not take what the first one holds', async () => {
    await seed(2);
    let second: DispatchReport | undefined;
    f.sender.during = async () => {
      f.sender.during = undefined;
      second = await run();
    };
    const first = await run(dispatcher({ claimSize: 2 }));
    expect(first).to.deep.include({ claimed: 2, delivered: 2 });
    expect(second).to.deep.include({ claimed: 0, delivered: 0 });
    expect(f.sender.saleIdsReceived()).to.have.length(2);
  });

  it('claims at most --limit sales and reports progress after every batch', async () => {
    await seed(5);
    const progress: number[] = [];
    const report = await run(dispatcher(), { limit: 3, onBatch: (p) => progress.push(p.delivered) });
    expect(report).to.deep.include({ eligible: 5, claimed: 3, delivered: 3 });
    expect(progress).to.deep.equal([2, 3]);
  });

  it(
    'past the deadline between batches: nothing more is sent or claimed, the unsent sales are released untouched ' +
      'and go in the next pass',
    async () => {
      const ids = await seed(6);
      // The first answer arrives after the deadline has passed (the scripted destination ignores it for a status
      // answer).
      f.sender.during = async () => {
        f.sender.during = undefined;
        await sleep(100);
      };
      const report = await run(dispatcher({ deadlineMs: 20 }));
      expect(report).to.deep.equal({
        eligible: 6,
        claimed: 4,
        delivered: 2,
        failed: 0,
        released: 2,
        skipped: 0,
        deadlineReached: true,
        outcomes: { '200': 1 },
      });
      expect(f.sender.saleIdsReceived()).to.deep.equal(ids.slice(0, 2));
      for (const id of ids.slice(0, 2))
        expect(await delivery(id)).to.deep.include({ webhookProcessed: true, leaseUntil: null });
      for (const id of ids.slice(2))
        expect(await delivery(id)).to.deep.include({
          webhookProcessed: false,
          leaseUntil: null,
          attempts: 0,
          lastAttemptAt: null,
        });
      expect(f.attempts.attempts).to.have.length(1);
      // Released leases do not make the next pass wait (same clock: no lease has expired).
      expect(await run()).to.deep.include({ claimed: 4, delivered: 4, released: 0, deadlineReached: false });
    },
  );

  it(
    'a delivery hanging at the deadline is aborted: the pass ends, its sales stay pending (outcome aborted), the ' +
      'rest are released',
    async () => {
      const ids = await seed(3);
      f.sender.answer = 'hang';
      const report = await run(dispatcher({ deadlineMs: 50 }));
      expect(report).to.deep.equal({
        eligible: 3,
        claimed: 3,
        delivered: 0,
        failed: 2,
        released: 1,
        skipped: 0,
        deadlineReached: true,
        outcomes: { aborted: 1 },
      });
      for (const id of ids.slice(0, 2))
        expect(await delivery(id)).to.deep.include({
          webhookProcessed: false,
          leaseUntil: null,
          attempts: 1,
          lastOutcome: 'aborted',
        });
      expect(await delivery(ids[2] as string)).to.deep.include({
        webhookProcessed: false,
        leaseUntil: null,
        attempts: 0,
      });
      expect(f.attempts.attempts.map(({ saleIds, status, error }) => ({ saleIds, status, error }))).to.deep.equal([
        { saleIds: ids.slice(0, 2), status: null, error: 'aborted' },
      ]);
      expect(f.sender.inFlight).to.equal(0);
    },
  );

  it('the deadline given to the pass wins over the settings one', async () => {
    await seed(1);
    f.sender.answer = 'hang';
    expect(await run(dispatcher({ deadlineMs: 60_000 }), { deadlineMs: 30 })).to.deep.include({
      failed: 1,
      deadlineReached: true,
    });
  });

  it(
    '--concurrency N: at most N batches in flight at once, every batch settled by its own answer across ' + 'chunks',
    async () => {
      const ids = await seed(20);
      f.sender.during = () => sleep(5);
      f.sender.upcoming.push({ status: 200 }, { status: 200 }, { status: 500 });
      const report = await run(dispatcher(), { concurrency: 3 });
      expect(f.sender.maxInFlight).to.equal(3);
      expect(report).to.deep.include({
        claimed: 20,
        delivered: 18,
        failed: 2,
        released: 0,
        deadlineReached: false,
        outcomes: { '200': 9, '500': 1 },
      });
      const sent = f.sender.received.map((e) => e.vendas.map((v) => v.venda.id));
      expect(sent.flat().sort()).to.deep.equal([...ids].sort());
      for (const id of sent[2] ?? [])
        expect(await delivery(id)).to.deep.include({ webhookProcessed: false, leaseUntil: null, lastOutcome: '500' });
      for (const id of sent.slice(3).flat())
        expect(await delivery(id)).to.deep.include({ webhookProcessed: true, leaseUntil: null, lastOutcome: '200' });
    },
  );

  it('sends one batch at a time by default', async () => {
    await seed(8);
    f.sender.during = () => sleep(2);
    expect(await run()).to.deep.include({ delivered: 8 });
    expect(f.sender.maxInFlight).to.equal(1);
  });

  it('a dry run builds the envelopes it would send, without a destination, and changes nothing', async () => {
    const ids = await seed(3);
    const dry = new DispatchPendingSales(f.sales, undefined, f.attempts, f.clock, f.ids, SETTINGS);
    const report = await run(dry, { dryRun: true });
    expect(report).to.deep.include({
      eligible: 3,
      claimed: 0,
      delivered: 0,
      released: 0,
      deadlineReached: false,
      outcomes: {},
    });
    expect(report.envelopes?.map((e) => e.vendas.map((v) => v.venda.id))).to.deep.equal([
      ids.slice(0, 2),
      ids.slice(2),
    ]);
    expect(report.envelopes?.[0]?.timestamp).to.equal(f.clock.now().toISOString());
    for (const id of ids)
      expect(await delivery(id)).to.deep.include({ attempts: 0, leaseUntil: null, webhookProcessed: false });
    expect(f.attempts.attempts).to.deep.equal([]);
  });

  it('answers WebhookNotConfigured without a destination and leases nothing', async () => {
    const [id] = await seed(1);
    const unconfigured = new DispatchPendingSales(f.sales, undefined, f.attempts, f.clock, f.ids, SETTINGS);
    expect(await unconfigured.execute()).to.deep.equal(E.left({ _tag: 'WebhookNotConfigured' }));
    expect(await delivery(id as string)).to.deep.include({ leaseUntil: null, attempts: 0 });
  });
});

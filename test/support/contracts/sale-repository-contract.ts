import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type {
  EligibilityWindow,
  PersonRepository,
  SaleRepository,
  VendorRepository,
} from '../../../src/application/sales/ports';
import type { Sale, SaleStatusEvent } from '../../../src/domain/sales/sale';
import { ProcessDied, type CrashSwitch } from '../fakes/crash-switch';
import type { Cpf } from '../../../src/domain/shared/cpf';
import { person, sale, vendor } from '../sales-fixtures';

export interface SalesUnderTest {
  readonly sales: SaleRepository;
  readonly people: PersonRepository;
  readonly vendors: VendorRepository;
  /**
   * Kills the sale repository before its n-th write (the fake asks it; the adapter's database is wrapped by
   * crashingDb).
   */
  readonly crash: CrashSwitch;
  /** The sale's rows in the status-event log, oldest event first (nothing in the product reads them yet). */
  readonly statusEventRows: (saleId: string) => Promise<{ id: string; event: SaleStatusEvent }[]>;
}

const NOW = new Date('2026-11-21T10:00:00.000Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
const DAY = 86_400_000;
/** The dispatch window of CONTRACT 3.3: created in the last 7 days, not attempted since the pass began. */
const WINDOW: EligibilityWindow = {
  now: NOW,
  eligibleSince: new Date(NOW.getTime() - 7 * DAY),
  notAttemptedSince: NOW,
};
const claim = (owner: string, limit = 100, now = NOW) => ({ ...WINDOW, now, limit, leaseMs: 60_000, owner });
const ids = (entries: readonly { sale: { id: string } }[]) => entries.map((e) => e.sale.id);

/**
 * SaleRepository: storage, listing and the delivery lease of the dispatch job (spec part 6,
 * CONTRACT 3.3). The person and vendor of each sale come back with it.
 */
export function saleRepositoryContract(make: () => Promise<SalesUnderTest>): void {
  let sales: SaleRepository;
  let people: PersonRepository;
  let vendors: VendorRepository;
  let crash: CrashSwitch;
  let rows: SalesUnderTest['statusEventRows'];
  let personId: string;

  beforeEach(async () => {
    ({ sales, people, vendors, crash, statusEventRows: rows } = await make());
    personId = (await people.saveByCpf(person())).id;
  });

  /** Stores sales `minutesAgo[i]` minutes before NOW (oldest first when the list is descending). */
  async function seed(overrides: Partial<Sale> = {}, ...minutesAgo: number[]): Promise<string[]> {
    const stored: string[] = [];
    for (const ago of minutesAgo.length === 0 ? [1] : minutesAgo) {
      const s = sale(personId, { createdAt: minutes(-ago), updatedAt: minutes(-ago), ...overrides });
      await sales.insert(s);
      stored.push(s.id);
    }
    return stored;
  }

  it(
    'stores a sale and reads it back with its person and vendor (null without one); an unknown id is ' + 'undefined',
    async () => {
      const v = vendor();
      await vendors.insert(v);
      const withVendor = sale(personId, { vendorId: v.id, createdAt: NOW, updatedAt: NOW });
      const without = sale(personId, { createdAt: NOW, updatedAt: NOW });
      await sales.insert(withVendor);
      await sales.insert(without);
      const entry = await sales.findEntry(withVendor.id);
      expect(entry?.sale).to.deep.equal(withVendor);
      expect(entry?.person.id).to.equal(personId);
      expect(entry?.vendor).to.deep.equal(v);
      expect((await sales.findEntry(without.id))?.vendor).to.equal(null);
      expect(await sales.findEntry(randomUUID())).to.equal(undefined);
    },
  );

  it('lists newest first with the total, filtered by delivery state and creation dates, paginated', async () => {
    const [older, middle, newest] = await seed({}, 30, 20, 10);
    await seed({ delivery: { ...sale('x').delivery, webhookProcessed: true } }, 5);
    const all = await sales.list({ processed: false }, 1, 2);
    expect(ids(all.items)).to.deep.equal([newest, middle]);
    expect(all.total).to.equal(3);
    expect(ids((await sales.list({ processed: false }, 2, 2)).items)).to.deep.equal([older]);
    expect((await sales.list({ processed: true }, 1, 10)).total).to.equal(1);
    expect((await sales.list({}, 1, 10)).total).to.equal(4);
    const ranged = await sales.list({ dateFrom: minutes(-20), dateTo: minutes(-10) }, 1, 10);
    expect(ids(ranged.items)).to.deep.equal([newest, middle]);
  });

  it(
    'lists the sales of a customer by CPF or by part of the name (any case, regex characters taken literally), ' +
      'newest first',
    async () => {
      const other = await people.saveByCpf(person({ fullName: 'João (Pereira) Souza' }));
      const [mariaOld, mariaNew] = await seed({}, 20, 10);
      const joao = sale(other.id, { createdAt: minutes(-5), updatedAt: minutes(-5) });
      await sales.insert(joao);
      const maria = (await sales.findEntry(mariaOld ?? ''))?.person;
      expect(ids((await sales.list({ cpf: maria?.cpf as Cpf }, 1, 10)).items)).to.deep.equal([mariaNew, mariaOld]);
      expect(ids((await sales.list({ name: 'SILVA' }, 1, 10)).items)).to.deep.equal([mariaNew, mariaOld]);
      expect(ids((await sales.list({ name: '(pereira)' }, 1, 10)).items)).to.deep.equal([joao.id]);
      expect((await sales.list({ name: 'pereira.' }, 1, 10)).total).to.equal(0);
      expect((await sales.list({ cpf: other.cpf as Cpf, name: 'silva' }, 1, 10)).total).to.equal(0);
      const page = await sales.list({ name: 'a' }, 1, 2);
      expect(page.total).to.equal(3);
      expect(ids(page.items)).to.deep.equal([joao.id, mariaNew]);
    },
  );

  it(
    'claims eligible sales oldest first, up to the limit, leased to the caller; a second claim during the lease ' +
      'gets none of them',
    async () => {
      const [first, second, third] = await seed({}, 30, 20, 10);
      const claimed = await sales.claimEligible(claim('run-a', 2));
      expect(ids(claimed)).to.deep.equal([first, second]);
      expect(claimed[0]?.sale.delivery.leaseUntil).to.deep.equal(minutes(1));
      expect(claimed[0]?.person.id).to.equal(personId);
      expect(ids(await sales.claimEligible(claim('run-b')))).to.deep.equal([third]);
      expect(await sales.claimEligible(claim('run-c'))).to.deep.equal([]);
    },
  );

  it(
    'eligible: pending, created in the window or forced, not attempted in this pass, vendor without ' +
      'webhookEnabled=false',
    async () => {
      const disabled = vendor({ webhookEnabled: false });
      const enabled = vendor();
      await vendors.insert(disabled);
      await vendors.insert(enabled);
      const pending = sale('x').delivery;
      const [recent] = await seed({}, 10);
      const [ofEnabledVendor] = await seed({ vendorId: enabled.id }, 9);
      const [forcedStale] = await seed({ delivery: { ...pending, forceReprocess: true } }, 8 * 24 * 60);
      const [attemptedEarlier] = await seed({ delivery: { ...pending, lastAttemptAt: minutes(-5) } }, 7);
      await seed({}, 8 * 24 * 60); // too old
      await seed({ delivery: { ...pending, webhookProcessed: true } }, 6);
      await seed({ delivery: { ...pending, lastAttemptAt: NOW } }, 5); // attempted in this pass
      await seed({ vendorId: disabled.id }, 4);
      await seed({ vendorId: disabled.id, delivery: { ...pending, forceReprocess: true } }, 3);
      const expected = [recent, ofEnabledVendor, forcedStale, attemptedEarlier].sort();
      expect(await sales.countEligible(WINDOW)).to.equal(4);
      expect(await sales.countSkipped(WINDOW)).to.equal(2);
      expect(ids(await sales.peekEligible(WINDOW, 10)).sort()).to.deep.equal(expected);
      expect(ids(await sales.peekEligible(WINDOW, 10))[0]).to.equal(forcedStale);
      expect(ids(await sales.claimEligible(claim('run-a'))).sort()).to.deep.equal(expected);
    },
  );

  it('peeking changes nothing; a lease that has ended can be claimed again', async () => {
    const [id] = await seed();
    expect(ids(await sales.peekEligible(WINDOW, 10))).to.deep.equal([id]);
    expect((await sales.findEntry(id as string))?.sale.delivery.leaseUntil).to.equal(null);
    await sales.claimEligible(claim('crashed-run'));
    expect(await sales.countEligible(WINDOW)).to.equal(0);
    const later = { ...WINDOW, now: minutes(1) };
    expect(await sales.countEligible(later)).to.equal(1);
    expect(ids(await sales.claimEligible(claim('next-run', 10, minutes(1))))).to.deep.equal([id]);
  });

  it('concurrent claims never hand out the same sale', async () => {
    await seed({}, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    const claims = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((owner) => sales.claimEligible(claim(owner, 3))));
    const claimed = claims.flatMap(ids);
    expect(new Set(claimed).size).to.equal(claimed.length);
    expect(claimed.length).to.be.greaterThan(0);
    // What no run got is still there for the next one.
    expect(claimed.length + (await sales.countEligible(WINDOW))).to.equal(10);
  });

  it(
    'markDelivered: processed, forceReprocess cleared, lease released, attempt counted; only sales leased to that ' +
      'owner',
    async () => {
      const [mine, theirs] = await seed({ delivery: { ...sale('x').delivery, forceReprocess: true } }, 2, 1);
      await sales.claimEligible(claim('me', 1));
      await sales.markDelivered([mine as string, theirs as string], 'me', { at: NOW, outcome: '200' });
      expect((await sales.findEntry(mine as string))?.sale.delivery).to.deep.equal({
        webhookProcessed: true,
        forceReprocess: false,
        leaseUntil: null,
        attempts: 1,
        lastAttemptAt: NOW,
        lastOutcome: '200',
      });
      expect((await sales.findEntry(theirs as string))?.sale.delivery).to.include({
        webhookProcessed: false,
        attempts: 0,
      });
    },
  );

  it('markFailed: stays pending (and forced), lease released, attempt counted', async () => {
    const [id] = await seed({ delivery: { ...sale('x').delivery, forceReprocess: true } });
    await sales.claimEligible(claim('me'));
    await sales.markFailed([id as string], 'me', { at: NOW, outcome: 'ECONNREFUSED' });
    expect((await sales.findEntry(id as string))?.sale.delivery).to.deep.equal({
      webhookProcessed: false,
      forceReprocess: true,
      leaseUntil: null,
      attempts: 1,
      lastAttemptAt: NOW,
      lastOutcome: 'ECONNREFUSED',
    });
  });

  it(
    "releaseLeases: frees the caller's leases only and changes nothing else; the sales can be claimed again at " +
      'once',
    async () => {
      const [mine, theirs] = await seed({ delivery: { ...sale('x').delivery, forceReprocess: true } }, 2, 1);
      await sales.claimEligible(claim('me', 1));
      await sales.claimEligible(claim('other', 1));
      const before = (await sales.findEntry(mine as string))?.sale.delivery;
      await sales.releaseLeases([mine as string, theirs as string], 'me');
      expect((await sales.findEntry(mine as string))?.sale.delivery).to.deep.equal({ ...before, leaseUntil: null });
      expect((await sales.findEntry(theirs as string))?.sale.delivery.leaseUntil).to.deep.equal(minutes(1));
      expect(ids(await sales.claimEligible(claim('next-run')))).to.deep.equal([mine]);
      // The released owner no longer settles it.
      await sales.markDelivered([mine as string], 'me', { at: NOW, outcome: '200' });
      expect((await sales.findEntry(mine as string))?.sale.delivery).to.include({
        webhookProcessed: false,
        attempts: 0,
      });
    },
  );

  it('force makes a processed sale pending and forced; false for an unknown id', async () => {
    const [id] = await seed({ delivery: { ...sale('x').delivery, webhookProcessed: true } });
    expect(await sales.force(id as string)).to.equal(true);
    expect((await sales.findEntry(id as string))?.sale.delivery).to.include({
      webhookProcessed: false,
      forceReprocess: true,
    });
    expect(await sales.force(randomUUID())).to.equal(false);
  });

  it('claimOne leases any existing sale, even a processed one; busy while leased; undefined when unknown', async () => {
    const [id] = await seed({ delivery: { ...sale('x').delivery, webhookProcessed: true } });
    const leased = await sales.claimOne(id as string, NOW, 60_000, 'manual');
    expect(leased !== 'busy' && leased?.sale.id).to.equal(id);
    expect(await sales.claimOne(id as string, minutes(0.5), 60_000, 'other')).to.equal('busy');
    expect(await sales.claimOne(id as string, minutes(1), 60_000, 'other')).to.not.equal('busy');
    expect(await sales.claimOne(randomUUID(), NOW, 60_000, 'manual')).to.equal(undefined);
  });

  it('of concurrent claimOne calls on one sale exactly one leases it, the others find it busy', async () => {
    // Five sales raced at once: a server whose write does not re-check its filter lets two through in some.
    const seeded = await seed({}, 5, 4, 3, 2, 1);
    await Promise.all(
      seeded.map(async (id) => {
        const owners = Array.from({ length: 8 }, (_, n) => `${id}-${n}`);
        const outcomes = await Promise.all(owners.map((owner) => sales.claimOne(id, NOW, 60_000, owner)));
        expect(outcomes.filter((o) => o === 'busy')).to.have.length(7);
        expect(outcomes.filter((o) => o !== 'busy').map((o) => o?.sale.id)).to.deep.equal([id]);
      }),
    );
  });

  it('concurrent events of one sale: each answers the sale with its own event, and each has its row', async () => {
    const [id] = await seed();
    const events = Array.from({ length: 8 }, (_, n) => ({ event: 'template_sent' as const, at: minutes(n + 1) }));
    const answers = await Promise.all(events.map((e) => sales.recordEvent(id as string, e)));
    expect(answers.map((a) => a?.lastEvent)).to.deep.equal(events);
    expect(
      (await rows(id as string)).map((r) => r.event).sort((a, b) => a.at.getTime() - b.at.getTime()),
    ).to.deep.equal(events);
  });

  it(
    'recordEvent keeps the event as the last one with its time; webhook_received sets webhookProcessed; unknown ' +
      'is undefined',
    async () => {
      const [id] = await seed();
      const forwarded = { event: 'lead_forwarded' as const, sentTo: 'X', at: minutes(1) };
      const stored = await sales.recordEvent(id as string, forwarded);
      expect(stored).to.deep.include({ id, lastEvent: forwarded, updatedAt: minutes(1) });
      expect(stored?.delivery.webhookProcessed).to.equal(false);
      const received = await sales.recordEvent(id as string, { event: 'webhook_received', at: minutes(2) });
      expect(received?.delivery.webhookProcessed).to.equal(true);
      expect((await sales.findEntry(id as string))?.sale.lastEvent).to.deep.equal({
        event: 'webhook_received',
        at: minutes(2),
      });
      expect(await sales.recordEvent(randomUUID(), forwarded)).to.equal(undefined);
    },
  );

  it('recordEvent logs every event once, in its own row, with its extra fields', async () => {
    const [id, other] = await seed({}, 2, 1);
    const forwarded = {
      event: 'lead_forwarded' as const,
      sentTo: 'Loja X',
      sentToNumber: '5511999990000',
      dealership: 'Centro',
      at: minutes(1),
    };
    const failed = { event: 'contact_failed' as const, noContactReason: 'caixa postal', at: minutes(2) };
    await sales.recordEvent(id as string, forwarded);
    await sales.recordEvent(id as string, failed);
    await sales.recordEvent(other as string, { event: 'template_sent', at: minutes(3) });
    const logged = await rows(id as string);
    expect(logged.map((r) => r.event)).to.deep.equal([forwarded, failed]);
    expect(new Set(logged.map((r) => r.id)).size).to.equal(2);
    expect((await rows(other as string)).map((r) => r.event.event)).to.deep.equal(['template_sent']);
  });

  it(
    'recordEvent killed before any of its writes (CONTRACT 10.2): the sale never shows an event the log lacks ' +
      'once the next event is recorded',
    async () => {
      const [id] = await seed();
      await sales.recordEvent(id as string, { event: 'template_sent', at: minutes(1) });
      const before = crash.made;
      await sales.recordEvent(id as string, { event: 'template_sent', at: minutes(2) });
      const writes = crash.made - before;
      expect(writes, 'the sale, then the row (the replaced row is stored: not written again)').to.equal(2);
      const shown: SaleStatusEvent[] = [];
      for (let n = 1; n <= writes; n += 1) {
        const dying = { event: 'lead_forwarded' as const, sentTo: `loja ${n}`, at: minutes(10 + n) };
        crash.failWrite(n);
        await expectDied(sales.recordEvent(id as string, dying));
        const last = (await sales.findEntry(id as string))?.sale.lastEvent;
        if (n > 1) {
          // The sale took the event (its commit point) and died before the row: the log lacks it for now.
          expect(last).to.deep.equal(dying);
          expect((await rows(id as string)).map((r) => r.event)).to.not.deep.include(dying);
          shown.push(dying);
        }
        // The next event first completes the one it replaces.
        const next = { event: 'template_sent' as const, at: minutes(20 + n) };
        await sales.recordEvent(id as string, next);
        shown.push(next);
      }
      const logged = (await rows(id as string)).map((r) => r.event);
      for (const event of shown) expect(logged).to.deep.include(event);
      expect(logged, 'each event once').to.have.length(new Set(logged.map((e) => JSON.stringify(e))).size);
    },
  );

  it(
    'a manual resend that died after its lease and before its mark (CONTRACT 10.2): once the lease runs out, the ' +
      'pass claims the forced sale, however old',
    async () => {
      const [id] = await seed({ delivery: { ...sale('x').delivery, webhookProcessed: true } }, 60 * 24 * 30);
      expect(await sales.force(id as string)).to.equal(true);
      const leased = await sales.claimOne(id as string, NOW, 60_000, 'manual-resend');
      expect(leased !== 'busy' && leased?.sale.id).to.equal(id);
      crash.failWrite(1);
      await expectDied(sales.markDelivered([id as string], 'manual-resend', { at: NOW, outcome: '200' }));
      expect(ids(await sales.claimEligible(claim('pass', 100, minutes(0.5))))).to.deep.equal([]);
      const later = minutes(2);
      expect(ids(await sales.claimEligible({ ...claim('pass', 100, later), notAttemptedSince: later }))).to.deep.equal([
        id,
      ]);
    },
  );
}

async function expectDied(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (error) {
    expect(error).to.be.instanceOf(ProcessDied);
    return;
  }
  expect.fail('the write was expected to die');
}

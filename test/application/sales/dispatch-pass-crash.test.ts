import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { UuidIdGenerator } from '../../../src/adapters/system/uuid-id-generator';
import { DispatchPendingSales } from '../../../src/application/sales/dispatch-pending-sales';
import type { DispatchSettings } from '../../../src/application/sales/dispatch-settings';
import { CrashSwitchOnFaults } from '../../support/fakes/crash-switch-on-faults';
import { ManualClock } from '../../support/fakes/fixed-clock';
import { InMemoryDeliveryAttemptLog } from '../../support/fakes/in-memory-delivery-attempt-log';
import { InMemoryPersonRepository } from '../../support/fakes/in-memory-person-repository';
import { InMemorySaleRepository } from '../../support/fakes/in-memory-sale-repository';
import { InMemoryVendorRepository } from '../../support/fakes/in-memory-vendor-repository';
import { ScriptedSaleWebhookSender } from '../../support/fakes/scripted-sale-webhook-sender';
import { ProcessDied, WriteFaults } from '../../support/fakes/write-faults';
import { person, sale } from '../../support/sales-fixtures';

const SETTINGS: DispatchSettings = {
  batchSize: 2,
  claimSize: 4,
  windowDays: 7,
  leaseMs: 60_000,
  deadlineMs: 60_000,
  concurrency: 1,
};
const SALES = 5;

/**
 * CONTRACT 10.2, docs/decisions.md "Dispatch pass" (class c): a pass over five sales (two chunks of
 * leases, three batches, each POSTed, recorded, then marked) killed before each of its writes; the
 * process restarts and the next pass runs once the leases have run out (the fake clock). Invariants
 * after it: every sale delivered and marked (at-least-once: a batch whose 2xx was not marked is sent
 * again), no sale still leased, and every attempt a sale counts is in the attempt log.
 */
describe('The dispatch pass killed at any write (CONTRACT 10.2)', () => {
  async function world() {
    const faults = new WriteFaults();
    const crash = new CrashSwitchOnFaults(faults);
    const people = new InMemoryPersonRepository();
    const sales = new InMemorySaleRepository(people, new InMemoryVendorRepository(), crash);
    const attempts = new InMemoryDeliveryAttemptLog(crash);
    const sender = new ScriptedSaleWebhookSender();
    const clock = new ManualClock();
    const ids = new UuidIdGenerator();
    const personId = (await people.saveByCpf(person())).id;
    const saleIds: string[] = [];
    for (let i = 0; i < SALES; i += 1) {
      const createdAt = new Date(clock.now().getTime() - 60_000 + i);
      const s = sale(personId, { createdAt, updatedAt: createdAt });
      await sales.insert(s);
      saleIds.push(s.id);
    }
    faults.revive();
    const pass = () => new DispatchPendingSales(sales, sender, attempts, clock, ids, SETTINGS).execute({});
    return { faults, sales, attempts, sender, clock, saleIds, pass };
  }
  type World = Awaited<ReturnType<typeof world>>;

  async function expectInvariants(w: World, label: string): Promise<void> {
    for (const id of w.saleIds) {
      const delivery = (await w.sales.findEntry(id))?.sale.delivery;
      expect(delivery, `${label}: sale ${id} delivered, marked and not leased`).to.deep.include({
        webhookProcessed: true,
        leaseUntil: null,
      });
      expect(w.sender.saleIdsReceived(), `${label}: sale ${id} sent`).to.include(id);
      const recorded = w.attempts.attempts.filter((a) => a.saleIds.includes(id)).length;
      expect(recorded, `${label}: every attempt sale ${id} counts is recorded`).to.be.at.least(delivery?.attempts ?? 0);
    }
  }

  /**
   * Kills the pass before each of its writes (fresh world each), restarts, runs the next pass `afterMs` later; answers
   * the writes of a whole pass.
   */
  async function killEachWrite(afterMs: number): Promise<string[]> {
    const whole = await world();
    expect(E.isRight(await whole.pass())).to.equal(true);
    const writes = [...whole.faults.writes];
    await expectInvariants(whole, 'the whole pass');
    for (let n = 1; n <= writes.length; n += 1) {
      const w = await world();
      w.faults.dieAt(n);
      const died = await w.pass().then(
        () => undefined,
        (error: unknown) => error,
      );
      const label = `killed before write ${n} (${writes[n - 1]})`;
      expect(died, label).to.be.instanceOf(ProcessDied);
      w.faults.revive();
      w.clock.advance(afterMs);
      expect(E.isRight(await w.pass()), label).to.equal(true);
      await expectInvariants(w, label);
    }
    return writes;
  }

  it(
    'killed before each write (lease, attempt record, mark), the next pass after the leases run out delivers and ' +
      'marks every sale, none left leased',
    async () => {
      const writes = await killEachWrite(SETTINGS.leaseMs + 1);
      // Leases and marks (sales.updateMany) around the three batches' records (the POSTs are not writes): every gap
      // between them is killed.
      expect(writes).to.deep.equal([
        'sales.updateMany',
        'delivery_attempts.insertOne',
        'delivery_attempts.insertOne',
        'sales.updateMany',
        'sales.updateMany',
        'delivery_attempts.insertOne',
        'sales.updateMany',
        'sales.updateMany',
      ]);
    },
  );

  it('the check fails when the next pass runs before the leases run out (the test can fail)', async () => {
    const outcome = await killEachWrite(1).then(
      () => 'passed',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(outcome).to.match(/delivered, marked and not leased/);
  });
});

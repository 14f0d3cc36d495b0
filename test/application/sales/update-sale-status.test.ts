import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { randomUUID } from 'node:crypto';
import { UpdateSaleStatus } from '../../../src/application/sales/update-sale-status';
import type { SaleEventName, SaleStatusEvent } from '../../../src/domain/sales/sale';
import { CrashSwitch, ProcessDied } from '../../support/fakes/crash-switch';
import { salesFakes } from '../../support/fakes/sales-fakes';
import { person, sale } from '../../support/sales-fixtures';

describe('UpdateSaleStatus', () => {
  let f: ReturnType<typeof salesFakes>;
  let update: UpdateSaleStatus;
  let saleId: string;
  beforeEach(async () => {
    f = salesFakes();
    update = new UpdateSaleStatus(f.sales, f.clock);
    const s = sale((await f.people.saveByCpf(person())).id);
    await f.sales.insert(s);
    saleId = s.id;
  });

  it('stores the event with the clock time and answers the delivery flag', async () => {
    expect(await update.execute({ saleId, event: 'template_sent' })).to.deep.equal(
      E.right({ id: saleId, event: 'template_sent', webhookProcessed: false }),
    );
    expect((await f.sales.findEntry(saleId))?.sale.lastEvent).to.deep.equal({
      event: 'template_sent',
      at: f.clock.now(),
    });
    expect(f.sales.statusEvents.map((e) => e.event.event)).to.deep.equal(['template_sent']);
  });

  it('keeps only the fields that go with the event (spec part 4)', async () => {
    const extra = { noContactReason: 'no answer', sentTo: 'X', sentToNumber: '11999990000', dealership: 'D' };
    await update.execute({ saleId, event: 'contact_failed', ...extra });
    expect((await f.sales.findEntry(saleId))?.sale.lastEvent).to.deep.equal({
      event: 'contact_failed',
      noContactReason: 'no answer',
      at: f.clock.now(),
    });
    await update.execute({ saleId, event: 'lead_forwarded', ...extra });
    expect((await f.sales.findEntry(saleId))?.sale.lastEvent).to.deep.equal({
      event: 'lead_forwarded',
      sentTo: 'X',
      sentToNumber: '11999990000',
      dealership: 'D',
      at: f.clock.now(),
    });
    await update.execute({ saleId, event: 'template_sent', ...extra });
    expect((await f.sales.findEntry(saleId))?.sale.lastEvent).to.deep.equal({
      event: 'template_sent',
      at: f.clock.now(),
    });
  });

  it('webhook_received marks the sale processed', async () => {
    expect(await update.execute({ saleId, event: 'webhook_received' })).to.deep.equal(
      E.right({ id: saleId, event: 'webhook_received', webhookProcessed: true }),
    );
  });

  it('answers SaleNotFound for an unknown sale and records nothing', async () => {
    const unknown = randomUUID();
    expect(await update.execute({ saleId: unknown, event: 'template_sent' })).to.deep.equal(
      E.left({ _tag: 'SaleNotFound', saleId: unknown }),
    );
    expect(f.sales.statusEvents).to.deep.equal([]);
  });

  describe('the process dying between two writes (CONTRACT 10.2)', () => {
    let crash: CrashSwitch;
    /** Every event the sale showed (its lastEvent after each write that landed). */
    let shown: SaleStatusEvent[];
    beforeEach(async () => {
      crash = new CrashSwitch();
      f = salesFakes(crash);
      update = new UpdateSaleStatus(f.sales, f.clock);
      const s = sale((await f.people.saveByCpf(person())).id);
      await f.sales.insert(s);
      saleId = s.id;
      shown = [];
    });

    const lastEvent = async () => (await f.sales.findEntry(saleId))?.sale.lastEvent ?? null;
    async function dies(event: SaleEventName, n: number): Promise<void> {
      f.clock.advance(1000);
      crash.failWrite(n);
      let died: unknown;
      try {
        await update.execute({ saleId, event });
      } catch (error) {
        died = error;
      }
      expect(died, `write ${n}`).to.be.instanceOf(ProcessDied);
      const last = await lastEvent();
      if (last !== null && !shown.some((e) => e.at.getTime() === last.at.getTime())) shown.push(last);
    }
    async function succeeds(event: SaleEventName): Promise<void> {
      f.clock.advance(1000);
      expect(E.isRight(await update.execute({ saleId, event }))).to.equal(true);
      shown.push((await lastEvent()) as SaleStatusEvent);
    }
    /** Every event the sale ever showed has exactly one row, with the whole event. */
    function expectEveryShownEventLogged(): void {
      const logged = f.sales.statusEvents.filter((row) => row.saleId === saleId).map((row) => row.event);
      expect(logged).to.have.deep.members(shown);
    }

    it(
      'killed before its n-th write, for every write: the next status update logs the event the sale ' + 'shows',
      async () => {
        await succeeds('template_sent');
        const before = crash.made;
        await succeeds('contact_failed');
        const writes = crash.made - before;
        expect(writes, 'the sale, then its row').to.equal(2);
        for (let n = 1; n <= writes; n += 1) {
          await dies('lead_forwarded', n);
          if (n === writes) {
            // The sale took the event and died before its row: the log lacks it until the next event.
            expect((await lastEvent())?.event).to.equal('lead_forwarded');
            expect(f.sales.statusEvents.map((row) => row.event)).to.not.deep.include(await lastEvent());
          }
          await succeeds('template_sent');
          expectEveryShownEventLogged();
        }
      },
    );

    it(
      'two deaths in a row (the update after a death before the row dies too, at each of its three writes): the ' +
        'third update still logs every event the sale showed',
      async () => {
        await succeeds('template_sent');
        for (let n = 1; n <= 3; n += 1) {
          await dies('lead_forwarded', 2);
          const unlogged = await lastEvent();
          expect(unlogged?.event).to.equal('lead_forwarded');
          // The next update writes the missing row (1), the sale (2), then its own row (3).
          const before = crash.writes.length;
          await dies('contact_failed', n);
          expect(crash.writes.slice(before)).to.deep.equal(
            ['sale_status_events.insertOne', 'sales.findOneAndUpdate', 'sale_status_events.insertOne'].slice(0, n),
          );
          if (n === 3) expect((await lastEvent())?.event).to.equal('contact_failed');
          await succeeds('template_sent');
          expectEveryShownEventLogged();
        }
        expect(shown.map((e) => e.event)).to.deep.equal([
          'template_sent',
          'lead_forwarded',
          'template_sent',
          'lead_forwarded',
          'template_sent',
          'lead_forwarded',
          'contact_failed',
          'template_sent',
        ]);
      },
    );
  });
});

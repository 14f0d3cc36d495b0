import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { randomUUID } from 'node:crypto';
import { UpdateSaleStatus } from '../../../src/application/sales/update-sale-status';
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
    expect(await update.execute({ saleId, event: 'template_sent' })).to.deep.equal(E.right({ id: saleId, event: 'template_sent', webhookProcessed: false }));
    expect((await f.sales.findEntry(saleId))?.sale.lastEvent).to.deep.equal({ event: 'template_sent', at: f.clock.now() });
    expect(f.sales.statusEvents.map((e) => e.event.event)).to.deep.equal(['template_sent']);
  });

  it('keeps only the fields that go with the event (spec part 4)', async () => {
    const extra = { noContactReason: 'no answer', sentTo: 'X', sentToNumber: '11999990000', dealership: 'D' };
    await update.execute({ saleId, event: 'contact_failed', ...extra });
    expect((await f.sales.findEntry(saleId))?.sale.lastEvent).to.deep.equal({ event: 'contact_failed', noContactReason: 'no answer', at: f.clock.now() });
    await update.execute({ saleId, event: 'lead_forwarded', ...extra });
    expect((await f.sales.findEntry(saleId))?.sale.lastEvent).to.deep.equal({ event: 'lead_forwarded', sentTo: 'X', sentToNumber: '11999990000', dealership: 'D', at: f.clock.now() });
    await update.execute({ saleId, event: 'template_sent', ...extra });
    expect((await f.sales.findEntry(saleId))?.sale.lastEvent).to.deep.equal({ event: 'template_sent', at: f.clock.now() });
  });

  it('webhook_received marks the sale processed', async () => {
    expect(await update.execute({ saleId, event: 'webhook_received' })).to.deep.equal(E.right({ id: saleId, event: 'webhook_received', webhookProcessed: true }));
  });

  it('answers SaleNotFound for an unknown sale and records nothing', async () => {
    const unknown = randomUUID();
    expect(await update.execute({ saleId: unknown, event: 'template_sent' })).to.deep.equal(E.left({ _tag: 'SaleNotFound', saleId: unknown }));
    expect(f.sales.statusEvents).to.deep.equal([]);
  });
});

import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { PersonRepository, SaleRepository } from '../../../src/application/sales/ports';
import type { SaleQualification, SaleQualificationSync } from '../../../src/application/sdr/ports';
import { person, sale } from '../sales-fixtures';

const T0 = new Date('2026-11-20T10:00:00.000Z');
const AT = new Date('2026-11-21T10:00:00.000Z');

const qualification: SaleQualification = {
  interactionId: randomUUID(),
  result: 'converted',
  status: 'converted',
  contact: true,
  sent: true,
  sentTo: 'Concessionária X',
  convertedToLead: true,
  qualified: true,
  interested: false,
  convertedAt: AT,
  at: AT,
};

/** Spec part 4: the person's newest sale gets the SDR data; nothing else of the sale changes. */
export function saleQualificationSyncContract(make: () => Promise<{ sync: SaleQualificationSync; sales: SaleRepository; people: PersonRepository }>): void {
  let sync: SaleQualificationSync;
  let sales: SaleRepository;
  let personId: string;
  beforeEach(async () => {
    let people: PersonRepository;
    ({ sync, sales, people } = await make());
    personId = (await people.saveByCpf(person())).id;
  });

  it("writes onto the person's newest sale, touching only its update time among the domain fields", async () => {
    const older = sale(personId, { createdAt: T0, updatedAt: T0 });
    const newer = sale(personId, { createdAt: new Date(T0.getTime() + 1), updatedAt: T0 });
    await sales.insert(newer);
    await sales.insert(older);
    expect(await sync.recordOnLatestSale(personId, qualification)).to.equal(newer.id);
    expect((await sales.findEntry(newer.id))?.sale).to.deep.equal({ ...newer, updatedAt: AT });
    expect((await sales.findEntry(older.id))?.sale).to.deep.equal(older);
  });

  it('between sales created at the same time, takes the greatest id (the order the database breaks ties in)', async () => {
    const [a, b] = [sale(personId, { createdAt: T0 }), sale(personId, { createdAt: T0 })];
    await sales.insert(a);
    await sales.insert(b);
    const greatest = [a.id, b.id].sort()[1];
    expect(await sync.recordOnLatestSale(personId, qualification)).to.equal(greatest);
  });

  it('answers undefined for a person without sales', async () => {
    expect(await sync.recordOnLatestSale(randomUUID(), qualification)).to.equal(undefined);
    expect(await sync.recordStatusOnLatestSale(randomUUID(), { status: 'interested', at: AT, convertedAt: null })).to.equal(undefined);
  });

  it("mirrors a status update onto the person's newest sale, touching only its update time among the domain fields", async () => {
    const older = sale(personId, { createdAt: T0, updatedAt: T0 });
    const newer = sale(personId, { createdAt: new Date(T0.getTime() + 1), updatedAt: T0 });
    await sales.insert(older);
    await sales.insert(newer);
    await sync.recordOnLatestSale(personId, qualification);
    const later = new Date(AT.getTime() + 60_000);
    expect(await sync.recordStatusOnLatestSale(personId, { status: 'interested', at: later, convertedAt: AT })).to.equal(newer.id);
    expect((await sales.findEntry(newer.id))?.sale).to.deep.equal({ ...newer, updatedAt: later });
    expect((await sales.findEntry(older.id))?.sale).to.deep.equal(older);
  });
}

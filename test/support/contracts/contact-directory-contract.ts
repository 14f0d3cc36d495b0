import { expect } from 'chai';
import type { ContactDirectory } from '../../../src/application/sdr/ports';
import type { Person } from '../../../src/domain/sales/sale';
import { person } from '../sales-fixtures';

export interface ContactDirectoryWorld {
  readonly directory: ContactDirectory;
  addPerson(person: Person): Promise<void>;
  addSale(personId: string, createdAt: Date): Promise<void>;
}

/** The people and sales the contacts join (CONTRACT 8.2). */
export function contactDirectoryContract(make: () => Promise<ContactDirectoryWorld>): void {
  let world: ContactDirectoryWorld;
  beforeEach(async () => {
    world = await make();
  });

  it('finds persons by the match key of any of their phones, and by id', async () => {
    const ana = person({ mobile: '5511987654321', residentialPhone: null });
    const bia = person({ mobile: null, residentialPhone: '552133334444' });
    const caio = person({ mobile: '5531988887777', residentialPhone: null });
    for (const p of [ana, bia, caio]) await world.addPerson(p);
    const found = await world.directory.findByPhoneKeys(['1187654321', '2133334444', '4700000000']);
    expect(found.map((p) => p.id).sort()).to.deep.equal([ana.id, bia.id].sort());
    expect(found.find((p) => p.id === ana.id)).to.deep.include({ fullName: ana.fullName, mobile: '5511987654321' });
    expect((await world.directory.findByIds([caio.id, 'missing'])).map((p) => p.id)).to.deep.equal([caio.id]);
    expect(await world.directory.findByPhoneKeys([])).to.deep.equal([]);
  });

  it("counts the sales of each person and answers the newest one's creation time", async () => {
    const ana = person();
    const bia = person({ mobile: '5521999998888' });
    for (const p of [ana, bia]) await world.addPerson(p);
    await world.addSale(ana.id, new Date('2026-01-02T00:00:00Z'));
    await world.addSale(ana.id, new Date('2026-01-05T00:00:00Z'));
    await world.addSale(ana.id, new Date('2026-01-03T00:00:00Z'));
    const sales = await world.directory.salesOf([ana.id, bia.id]);
    expect(sales).to.deep.equal([{ personId: ana.id, count: 3, lastAt: new Date('2026-01-05T00:00:00Z') }]);
  });
}

import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { VendorRepository } from '../../../src/application/sales/ports';
import { vendor } from '../sales-fixtures';

const T1 = new Date('2026-11-21T11:00:00.000Z');

export function vendorRepositoryContract(make: () => Promise<VendorRepository>): void {
  let repo: VendorRepository;
  beforeEach(async () => {
    repo = await make();
  });

  it('stores a vendor and finds it by id; an unknown id is undefined', async () => {
    const v = vendor();
    await repo.insert(v);
    expect(await repo.findById(v.id)).to.deep.equal(v);
    expect(await repo.findById(randomUUID())).to.equal(undefined);
  });

  it('refuses a second vendor with the same business code', async () => {
    await repo.insert(vendor({ vendorId: 'V-1' }));
    let refused = false;
    await repo.insert(vendor({ vendorId: 'V-1' })).catch(() => {
      refused = true;
    });
    expect(refused).to.equal(true);
  });

  it('updates the given fields and keeps the business code unless one is given; unknown id is undefined', async () => {
    const v = vendor({ vendorId: 'V-2' });
    await repo.insert(v);
    const changes = {
      name: 'Loja B',
      store: 'Norte',
      phone: '1',
      isActive: false,
      webhookEnabled: false,
      updatedAt: T1,
    };
    const expected = { ...v, ...changes };
    expect(await repo.update(v.id, changes)).to.deep.equal(expected);
    expect(await repo.findById(v.id)).to.deep.equal(expected);
    expect(await repo.update(v.id, { ...changes, vendorId: 'V-3' })).to.deep.equal({ ...expected, vendorId: 'V-3' });
    expect(await repo.update(randomUUID(), changes)).to.equal(undefined);
  });

  it('an update without store and phone keeps the stored ones (CONTRACT 3.3)', async () => {
    const v = vendor({ vendorId: 'V-4', store: 'Centro', phone: '1133334444' });
    await repo.insert(v);
    const changes = { name: 'Loja C', isActive: false, webhookEnabled: true, updatedAt: T1 };
    const expected = { ...v, ...changes };
    expect(await repo.update(v.id, changes)).to.deep.equal(expected);
    expect(await repo.findById(v.id)).to.deep.equal(expected);
    expect(await repo.update(v.id, { ...changes, store: 'Sul' })).to.deep.equal({ ...expected, store: 'Sul' });
  });

  it('lists by name (byte order, as the database sorts), paginated, with the total', async () => {
    for (const name of ['b', 'B', 'a', 'c']) await repo.insert(vendor({ name }));
    const first = await repo.list(1, 3);
    expect(first.items.map((v) => v.name)).to.deep.equal(['B', 'a', 'b']);
    expect(first.total).to.equal(4);
    expect((await repo.list(2, 3)).items.map((v) => v.name)).to.deep.equal(['c']);
  });
}

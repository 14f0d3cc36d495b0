import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { randomUUID } from 'node:crypto';
import { CreateVendor } from '../../../src/application/sales/create-vendor';
import { GetVendor } from '../../../src/application/sales/get-vendor';
import { ListVendors } from '../../../src/application/sales/list-vendors';
import { UpdateVendor } from '../../../src/application/sales/update-vendor';
import { salesFakes } from '../../support/fakes/sales-fakes';

const data = {
  vendorId: 'V-1',
  name: 'Loja A',
  store: 'Centro',
  phone: '1133334444',
  isActive: true,
  webhookEnabled: true,
};

describe('vendor use cases', () => {
  let f: ReturnType<typeof salesFakes>;
  beforeEach(() => {
    f = salesFakes();
  });
  const created = async () => {
    const result = await new CreateVendor(f.vendors, f.clock, f.ids).execute(data);
    if (E.isLeft(result)) throw new Error('refused');
    return result.right;
  };

  describe('CreateVendor', () => {
    it('stores the vendor with a new id and the clock time', async () => {
      const vendor = await created();
      expect(vendor).to.deep.equal({ id: vendor.id, ...data, createdAt: f.clock.now(), updatedAt: f.clock.now() });
      expect(await f.vendors.findById(vendor.id)).to.deep.equal(vendor);
    });
  });

  describe('GetVendor', () => {
    it('answers the vendor, or VendorNotFound for an unknown id', async () => {
      const vendor = await created();
      expect(await new GetVendor(f.vendors).execute(vendor.id)).to.deep.equal(E.right(vendor));
      const id = randomUUID();
      expect(await new GetVendor(f.vendors).execute(id)).to.deep.equal(E.left({ _tag: 'VendorNotFound', id }));
    });
  });

  describe('UpdateVendor', () => {
    it('replaces the data and the update time; keeps the business code unless one is given', async () => {
      const vendor = await created();
      f.clock.advance(60_000);
      const update = new UpdateVendor(f.vendors, f.clock);
      const changes = { name: 'Loja B', store: 'Norte', phone: '1', isActive: false, webhookEnabled: false };
      const kept = await update.execute({ id: vendor.id, ...changes });
      expect(kept).to.deep.equal(E.right({ ...vendor, ...changes, updatedAt: f.clock.now() }));
      const recoded = await update.execute({ id: vendor.id, ...changes, vendorId: 'V-2' });
      expect(E.isRight(recoded) && recoded.right.vendorId).to.equal('V-2');
    });

    it('answers VendorNotFound for an unknown id', async () => {
      const id = randomUUID();
      expect(await new UpdateVendor(f.vendors, f.clock).execute({ id, ...data })).to.deep.equal(
        E.left({ _tag: 'VendorNotFound', id }),
      );
    });
  });

  describe('ListVendors', () => {
    it('answers one page by name with the total', async () => {
      for (const name of ['c', 'a', 'b'])
        await new CreateVendor(f.vendors, f.clock, f.ids).execute({ ...data, vendorId: name, name });
      const page = await new ListVendors(f.vendors).execute({ page: 2, limit: 2 });
      if (E.isLeft(page)) throw new Error('refused');
      expect(page.right.items.map((v) => v.name)).to.deep.equal(['c']);
      expect(page.right.total).to.equal(3);
    });
  });
});

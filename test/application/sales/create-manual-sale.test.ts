import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { randomUUID } from 'node:crypto';
import { CreateManualSale, type ManualSaleInput } from '../../../src/application/sales/create-manual-sale';
import { NEW_DELIVERY_STATE } from '../../../src/domain/sales/sale';
import type { Cpf } from '../../../src/domain/shared/cpf';
import { salesFakes } from '../../support/fakes/sales-fakes';
import { vendor } from '../../support/sales-fixtures';

const input = (overrides: Partial<ManualSaleInput> = {}): ManualSaleInput => ({
  sale: { sellerId: 'S-9', sellerName: 'Carla', financingApprovalDate: new Date('2026-11-10T15:00:00.000Z') },
  person: {
    fullName: '  Ana Souza ',
    cpf: '529.982.247-25',
    mobile: '(11) 98765-4321',
    residentialPhone: ' ',
    personalEmail: 'ana@example.com',
  },
  ...overrides,
});

describe('CreateManualSale', () => {
  let f: ReturnType<typeof salesFakes>;
  let create: CreateManualSale;
  beforeEach(() => {
    f = salesFakes();
    create = new CreateManualSale(f.sales, f.people, f.vendors, f.clock, f.ids);
  });
  const storedSales = async () => (await f.sales.list({}, 1, 100)).total;

  it(
    'stores the person (CPF and phones canonical, blank phones null) and a pending sale, and answers the ' + 'entry',
    async () => {
      const result = await create.execute(input());
      if (E.isLeft(result)) throw new Error(result.left._tag);
      const { sale, person, vendor: v } = result.right;
      expect(person).to.include({
        fullName: 'Ana Souza',
        cpf: '52998224725',
        mobile: '5511987654321',
        residentialPhone: null,
        commercialPhone: null,
        rg: null,
      });
      expect(sale).to.include({
        sellerId: 'S-9',
        personId: person.id,
        vendorId: null,
        address: null,
        vehicle: null,
        lastEvent: null,
      });
      expect(sale.delivery).to.deep.equal(NEW_DELIVERY_STATE);
      expect(sale.createdAt).to.deep.equal(f.clock.now());
      expect(v).to.equal(null);
      expect(await f.sales.findEntry(sale.id)).to.deep.equal(result.right);
    },
  );

  it('keeps one person per CPF: a second sale of the same CPF updates that person and keeps its id', async () => {
    const first = await create.execute(input());
    const second = await create.execute(input({ person: { fullName: 'Ana S. Souza', cpf: '52998224725' } }));
    if (E.isLeft(first) || E.isLeft(second)) throw new Error('refused');
    expect(second.right.person.id).to.equal(first.right.person.id);
    expect(second.right.person).to.include({ fullName: 'Ana S. Souza', mobile: null });
    expect(second.right.sale.id).to.not.equal(first.right.sale.id);
  });

  it('joins the vendor and gives the vehicle its own id', async () => {
    const v = vendor();
    await f.vendors.insert(v);
    const vehicle = {
      manufacturer: 'VW',
      brand: 'VW',
      model: 'Polo',
      color: 'Branco',
      fipeCode: '005',
      renavan: '9',
      chassi: 'X',
      fuelType: 'flex',
    };
    const result = await create.execute(input({ vendorId: v.id, vehicle }));
    if (E.isLeft(result)) throw new Error(result.left._tag);
    expect(result.right.vendor).to.deep.equal(v);
    expect(result.right.sale.vehicle).to.deep.include({ ...vehicle, manufactureYear: null, modelYear: null });
    expect(result.right.sale.vehicle?.id).to.be.a('string');
  });

  it('answers InvalidCpf for a wrong check digit and stores nothing', async () => {
    expect(await create.execute(input({ person: { fullName: 'Ana', cpf: '529.982.247-24' } }))).to.deep.equal(
      E.left({ _tag: 'InvalidCpf' }),
    );
    expect(await storedSales()).to.equal(0);
  });

  for (const field of ['residentialPhone', 'commercialPhone', 'mobile', 'optionalPhone'] as const) {
    it(`answers InvalidPhone naming ${field} when it is not a Brazilian phone, and stores nothing`, async () => {
      const result = await create.execute(input({ person: { fullName: 'Ana', cpf: '52998224725', [field]: '123' } }));
      expect(result).to.deep.equal(E.left({ _tag: 'InvalidPhone', field }));
      expect(await storedSales()).to.equal(0);
    });
  }

  it('answers UnknownVendor for a vendor id that does not exist, and stores nothing', async () => {
    const vendorId = randomUUID();
    expect(await create.execute(input({ vendorId }))).to.deep.equal(E.left({ _tag: 'UnknownVendor', vendorId }));
    expect(await storedSales()).to.equal(0);
    expect(await f.people.findByCpf('52998224725' as Cpf)).to.equal(undefined);
  });
});

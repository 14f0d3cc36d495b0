import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { randomUUID } from 'node:crypto';
import { GetSale } from '../../../src/application/sales/get-sale';
import { ListSales } from '../../../src/application/sales/list-sales';
import { salesFakes } from '../../support/fakes/sales-fakes';
import { person, sale } from '../../support/sales-fixtures';

describe('sale queries', () => {
  let f: ReturnType<typeof salesFakes>;
  let personId: string;
  beforeEach(async () => {
    f = salesFakes();
    personId = (await f.people.saveByCpf(person())).id;
  });

  describe('GetSale', () => {
    it('answers the sale with its person, or SaleNotFound', async () => {
      const s = sale(personId);
      await f.sales.insert(s);
      const found = await new GetSale(f.sales).execute(s.id);
      expect(E.isRight(found) && found.right.sale).to.deep.equal(s);
      expect(E.isRight(found) && found.right.person.id).to.equal(personId);
      const saleId = randomUUID();
      expect(await new GetSale(f.sales).execute(saleId)).to.deep.equal(E.left({ _tag: 'SaleNotFound', saleId }));
    });
  });

  describe('ListSales', () => {
    it('answers the page the filter selects, newest first, with the total', async () => {
      const now = f.clock.now().getTime();
      const [older, newer] = [
        sale(personId, { createdAt: new Date(now - 2_000) }),
        sale(personId, { createdAt: new Date(now - 1_000) }),
      ];
      const processed = sale(personId, { delivery: { ...older.delivery, webhookProcessed: true } });
      for (const s of [older, newer, processed]) await f.sales.insert(s);
      const page = await new ListSales(f.sales).execute({ filter: { processed: false }, page: 1, limit: 10 });
      if (E.isLeft(page)) throw new Error('refused');
      expect(page.right.items.map((e) => e.sale.id)).to.deep.equal([newer.id, older.id]);
      expect(page.right.total).to.equal(2);
    });
  });
});

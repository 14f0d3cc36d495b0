import * as E from 'fp-ts/Either';
import type { SaleEntry } from '../../domain/sales/sale';
import type { SaleRepository } from './ports';
import type { SaleNotFound } from './sale-not-found';

/** GET /api/sales/{id}: the sale with its person and vendor. */
export class GetSale {
  constructor(private readonly sales: SaleRepository) {}

  async execute(saleId: string): Promise<E.Either<SaleNotFound, SaleEntry>> {
    const entry = await this.sales.findEntry(saleId);
    return entry === undefined ? E.left({ _tag: 'SaleNotFound', saleId }) : E.right(entry);
  }
}

import * as E from 'fp-ts/Either';
import type { SaleEntry } from '../../domain/sales/sale';
import type { Page, SaleListFilter, SaleRepository } from './ports';

export interface ListSalesInput {
  readonly filter: SaleListFilter;
  readonly page: number;
  readonly limit: number;
}

/** GET /api/sales: newest first, filtered by delivery state and creation dates. */
export class ListSales {
  constructor(private readonly sales: SaleRepository) {}

  async execute(input: ListSalesInput): Promise<E.Either<never, Page<SaleEntry>>> {
    return E.right(await this.sales.list(input.filter, input.page, input.limit));
  }
}

import * as E from 'fp-ts/Either';
import type { SaleEntry } from '../../domain/sales/sale';
import type { SaleListFilter, SaleRepository } from './ports';
import type { Page } from '../shared/page';

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

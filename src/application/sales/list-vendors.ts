import * as E from 'fp-ts/Either';
import type { Vendor } from '../../domain/sales/sale';
import type { VendorRepository } from './ports';
import type { Page } from '../shared/page';

export class ListVendors {
  constructor(private readonly vendors: VendorRepository) {}

  async execute(input: { page: number; limit: number }): Promise<E.Either<never, Page<Vendor>>> {
    return E.right(await this.vendors.list(input.page, input.limit));
  }
}

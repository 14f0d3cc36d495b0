import * as E from 'fp-ts/Either';
import type { Vendor } from '../../domain/sales/sale';
import type { VendorRepository } from './ports';
import type { VendorNotFound } from './vendor-data';

export class GetVendor {
  constructor(private readonly vendors: VendorRepository) {}

  async execute(id: string): Promise<E.Either<VendorNotFound, Vendor>> {
    const vendor = await this.vendors.findById(id);
    return vendor === undefined ? E.left({ _tag: 'VendorNotFound', id }) : E.right(vendor);
  }
}

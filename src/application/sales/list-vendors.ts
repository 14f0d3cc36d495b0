import type { Vendor } from '../../domain/sales/sale';
import type { Page, VendorRepository } from './ports';

export class ListVendors {
  constructor(private readonly vendors: VendorRepository) {}

  execute(page: number, limit: number): Promise<Page<Vendor>> {
    return this.vendors.list(page, limit);
  }
}

import * as E from 'fp-ts/Either';
import type { Vendor } from '../../domain/sales/sale';
import type { Clock, IdGenerator } from '../shared/ports';
import type { VendorRepository } from './ports';
import type { VendorData } from './vendor-data';

/** POST /vendors (extra, CONTRACT 3.3): a duplicate business code is a 409 from the unique index. */
export class CreateVendor {
  constructor(
    private readonly vendors: VendorRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(input: VendorData & { readonly vendorId: string }): Promise<E.Either<never, Vendor>> {
    const now = this.clock.now();
    const vendor: Vendor = { id: this.ids.next(), ...input, createdAt: now, updatedAt: now };
    await this.vendors.insert(vendor);
    return E.right(vendor);
  }
}

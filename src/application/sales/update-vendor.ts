import * as E from 'fp-ts/Either';
import type { Vendor } from '../../domain/sales/sale';
import type { Clock } from '../shared/ports';
import type { VendorRepository } from './ports';
import type { VendorData, VendorNotFound } from './vendor-data';

/** PUT /vendors/{id}: replaces name, store, phone, isActive, webhookEnabled; vendorId kept unless given (CONTRACT 3.3). */
export class UpdateVendor {
  constructor(
    private readonly vendors: VendorRepository,
    private readonly clock: Clock,
  ) {}

  async execute({ id, ...data }: VendorData & { readonly id: string }): Promise<E.Either<VendorNotFound, Vendor>> {
    const updated = await this.vendors.update(id, { ...data, updatedAt: this.clock.now() });
    return updated === undefined ? E.left({ _tag: 'VendorNotFound', id }) : E.right(updated);
  }
}

import * as E from 'fp-ts/Either';
import type { Vendor } from '../../domain/sales/sale';
import type { Clock } from '../shared/ports';
import type { VendorRepository } from './ports';
import type { VendorNotFound, VendorUpdate } from './vendor-data';

/**
 * PUT /vendors/{id}: replaces name, isActive, webhookEnabled; store, phone and vendorId kept unless given (CONTRACT
 * 3.3).
 */
export class UpdateVendor {
  constructor(
    private readonly vendors: VendorRepository,
    private readonly clock: Clock,
  ) {}

  async execute({ id, ...data }: VendorUpdate & { readonly id: string }): Promise<E.Either<VendorNotFound, Vendor>> {
    const updated = await this.vendors.update(id, { ...data, updatedAt: this.clock.now() });
    return updated === undefined ? E.left({ _tag: 'VendorNotFound', id }) : E.right(updated);
  }
}

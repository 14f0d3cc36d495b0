import * as E from 'fp-ts/Either';
import type { Vendor } from '../../domain/sales/sale';
import type { Clock } from '../shared/ports';
import type { VendorRepository } from './ports';
import type { VendorData, VendorNotFound } from './vendor-data';

/** PUT /vendors/{id}: replaces name, store, phone, isActive, webhookEnabled; vendorId kept unless given. */
export class UpdateVendor {
  constructor(
    private readonly vendors: VendorRepository,
    private readonly clock: Clock,
  ) {}

  async execute(id: string, input: VendorData): Promise<E.Either<VendorNotFound, Vendor>> {
    const current = await this.vendors.findById(id);
    if (current === undefined) return E.left({ _tag: 'VendorNotFound', id });
    const replaced = await this.vendors.replace({
      ...current,
      ...input,
      vendorId: input.vendorId ?? current.vendorId,
      updatedAt: this.clock.now(),
    });
    return replaced === undefined ? E.left({ _tag: 'VendorNotFound', id }) : E.right(replaced);
  }
}

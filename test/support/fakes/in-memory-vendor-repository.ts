import type { VendorChanges, VendorRepository } from '../../../src/application/sales/ports';
import type { Vendor } from '../../../src/domain/sales/sale';
import { compareBinary } from './binary-order';
import type { Page } from '../../../src/application/shared/page';

export class InMemoryVendorRepository implements VendorRepository {
  private readonly vendors = new Map<string, Vendor>();

  /** What the database would join a sale with. */
  stored(id: string): Vendor | undefined {
    return this.vendors.get(id);
  }

  async insert(vendor: Vendor): Promise<void> {
    if (this.vendors.has(vendor.id)) throw new Error(`duplicate vendor id ${vendor.id}`);
    if ([...this.vendors.values()].some((v) => v.vendorId === vendor.vendorId))
      throw new Error(`duplicate vendor code ${vendor.vendorId}`);
    this.vendors.set(vendor.id, { ...vendor });
  }

  async findById(id: string): Promise<Vendor | undefined> {
    const vendor = this.vendors.get(id);
    return vendor === undefined ? undefined : { ...vendor };
  }

  async update(id: string, changes: VendorChanges): Promise<Vendor | undefined> {
    const current = this.vendors.get(id);
    if (current === undefined) return undefined;
    const { vendorId, name, store, phone, isActive, webhookEnabled, updatedAt } = changes;
    if (vendorId !== undefined && [...this.vendors.values()].some((v) => v.id !== id && v.vendorId === vendorId)) {
      throw new Error(`duplicate vendor code ${vendorId}`);
    }
    const updated = {
      ...current,
      name,
      isActive,
      webhookEnabled,
      updatedAt,
      vendorId: vendorId ?? current.vendorId,
      store: store ?? current.store,
      phone: phone ?? current.phone,
    };
    this.vendors.set(id, updated);
    return { ...updated };
  }

  async list(page: number, limit: number): Promise<Page<Vendor>> {
    const all = [...this.vendors.values()].sort((a, b) => compareBinary(a.name, b.name) || compareBinary(a.id, b.id));
    return { items: all.slice((page - 1) * limit, page * limit).map((v) => ({ ...v })), total: all.length };
  }
}

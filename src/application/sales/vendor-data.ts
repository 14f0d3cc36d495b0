export interface VendorData {
  readonly vendorId?: string;
  readonly name: string;
  readonly store: string;
  readonly phone: string;
  readonly isActive: boolean;
  readonly webhookEnabled: boolean;
}

/**
 * PUT /vendors/{id}: name, isActive and webhookEnabled always; an omitted optional field keeps its value (CONTRACT
 * 3.3).
 */
export type VendorUpdate = Pick<VendorData, 'name' | 'isActive' | 'webhookEnabled'> &
  Partial<Pick<VendorData, 'vendorId' | 'store' | 'phone'>>;

export type VendorNotFound = { readonly _tag: 'VendorNotFound'; readonly id: string };

export interface VendorData {
  readonly vendorId?: string;
  readonly name: string;
  readonly store: string;
  readonly phone: string;
  readonly isActive: boolean;
  readonly webhookEnabled: boolean;
}

export type VendorNotFound = { readonly _tag: 'VendorNotFound'; readonly id: string };

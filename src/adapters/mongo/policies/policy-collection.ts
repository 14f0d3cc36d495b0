import type { Collection, Db } from 'mongodb';
import type { PolicyProduct, PolicyStatus } from '../../../domain/policies/policy';
import type { CollectionIndexes, IndexDeclaration } from '../shared/collection-indexes';

export const POLICIES = 'policies';

export interface PolicyStatusChangeDocument {
  from: PolicyStatus;
  to: PolicyStatus;
  at: Date;
  userId: string;
  reason: string | null;
}

/**
 * `insurerKey`: the insurer lower-cased at write time, so the case-insensitive exact filter
 * (CONTRACT 8.6) is one indexed equality. `history` is rewritten whole with the status, in the one
 * conditional update that changes the status.
 */
export interface PolicyDocument {
  _id: string;
  policyNumber: string;
  cpf: string;
  saleId: string | null;
  insurer: string;
  insurerKey: string;
  product: PolicyProduct;
  status: PolicyStatus;
  premiumCents: number;
  startDate: string;
  endDate: string;
  vehiclePlate: string | null;
  history: PolicyStatusChangeDocument[];
  createdAt: Date;
  updatedAt: Date;
}

export const policiesCollection = (db: Db): Collection<PolicyDocument> => db.collection<PolicyDocument>(POLICIES);

/** "Newest first" (CONTRACT 8.6): by startDate, then createdAt, then id for a stable page order. */
export const NEWEST_FIRST = { startDate: -1, createdAt: -1, _id: -1 } as const;

const newestAfter = (field: string, name: string): IndexDeclaration => ({ key: { [field]: 1, ...NEWEST_FIRST }, name });

export const policiesIndexes: CollectionIndexes = {
  collection: POLICIES,
  indexes: [
    { key: { policyNumber: 1 }, name: 'unique_policy_number', unique: true },
    // GET /policy?cpf= and the list filters, each in the list's order.
    newestAfter('cpf', 'by_cpf_newest'),
    newestAfter('status', 'by_status_newest'),
    newestAfter('product', 'by_product_newest'),
    newestAfter('insurerKey', 'by_insurer_newest'),
    { key: { endDate: 1 }, name: 'by_end_date' },
    // The unfiltered list page.
    { key: { ...NEWEST_FIRST }, name: 'newest_first' },
  ],
};

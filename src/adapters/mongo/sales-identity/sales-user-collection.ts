import type { Collection, Db } from 'mongodb';
import type { CollectionIndexes } from '../shared/collection-indexes';

export const SALES_USERS = 'sales_users';

export interface SalesUserDocument {
  _id: string;
  email: string;
  name: string;
  role: string;
  passwordHash: string;
  createdAt: Date;
  updatedAt: Date;
  /** The time of the reset that set the password (its token's use); a reset made before it sets none. */
  passwordResetAt?: Date;
}

export function salesUserCollection(db: Db): Collection<SalesUserDocument> {
  return db.collection<SalesUserDocument>(SALES_USERS);
}

export const salesUserIndexes: CollectionIndexes = {
  collection: SALES_USERS,
  // The unique index, not a read before the insert, decides that an e-mail is taken.
  indexes: [{ key: { email: 1 }, unique: true, name: 'email_unique' }],
};

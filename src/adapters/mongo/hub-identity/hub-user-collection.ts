import type { HubUser } from '../../../domain/hub-identity/tenancy';
import type { CollectionIndexes } from '../shared/collection-indexes';

export const HUB_USERS = 'hub_users';

export interface HubUserDocument {
  _id: string;
  email: string;
  name: string;
  language: string;
  passwordHash: string;
  /** The time of the reset that set the password (its token's use); a reset made before it sets none. */
  passwordResetAt?: Date;
}

export const hubUserIndexes: CollectionIndexes = {
  collection: HUB_USERS,
  indexes: [{ key: { email: 1 }, unique: true, name: 'email_unique' }],
};

export const hubUserToDocument = (u: HubUser): HubUserDocument => ({
  _id: u.id,
  email: u.email,
  name: u.name,
  language: u.language,
  passwordHash: u.passwordHash,
});
export const hubUserFromDocument = (d: HubUserDocument): HubUser => ({
  id: d._id,
  email: d.email,
  name: d.name,
  language: d.language,
  passwordHash: d.passwordHash,
});

import type { SalesRole } from './role';

export interface SalesUser {
  readonly id: string;
  /** Lower-cased, unique. */
  readonly email: string;
  readonly name: string;
  readonly role: SalesRole;
  readonly passwordHash: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Who is calling, as resolved by a JWT or an API key (spec part 2 "Identity"). */
export interface SalesIdentity {
  readonly id: string;
  /** The user's e-mail. */
  readonly username: string;
  readonly role: SalesRole;
}

export function identityOf(user: Pick<SalesUser, 'id' | 'email' | 'role'>): SalesIdentity {
  return { id: user.id, username: user.email, role: user.role };
}

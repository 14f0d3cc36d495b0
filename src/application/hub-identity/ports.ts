import type { Email } from '../../domain/hub-identity/email';
import type { RefreshTokenRecord } from '../../domain/hub-identity/refresh-token';
import type { Role } from '../../domain/hub-identity/role';
import type { HubUser, Membership, Organization } from '../../domain/hub-identity/tenancy';
import type { PendingPasswordReset } from '../shared/password-reset-completion';
import { token, type Token } from '../shared/token';

/** The ports of the hub use cases (adapters in src/adapters/mongo/hub-identity, src/adapters/crypto). */

export interface OrganizationRepository {
  /** false when the slug is taken (unique). */
  // Crash consistency (CONTRACT 10.2): (a) one insert; a registration's organization is written before its user (the
  // commit point) and names it (`foundedBy`): left behind by a registration that died, it is removed by check-data
  // --repair (hub-memberships-without-user).
  create(organization: Organization): Promise<boolean>;
  /**
   * Removes the organization if `userId` founded it (the undo of a registration that lost its e-mail); no-op otherwise.
   */
  removeFoundedBy(id: string, userId: string): Promise<void>;
  findById(id: string): Promise<Organization | undefined>;
}
export const OrganizationRepository: Token<OrganizationRepository> = token('OrganizationRepository');

export interface HubUserRepository {
  /** false when the e-mail is taken (unique). */
  // Crash consistency (CONTRACT 10.2): (a) one insert, the commit point of register and create-user --org, which are
  // (c): written last, after the membership (and organization, session token) naming the drawn user id; a crash before
  // it leaves only those, reached by nothing, and the retry starts afresh (docs/decisions.md "Hub identity").
  create(user: HubUser): Promise<boolean>;
  findByEmail(email: Email): Promise<HubUser | undefined>;
  findById(id: string): Promise<HubUser | undefined>;
  /**
   * Sets the password a reset made at `at` chose, unless a reset made later already set one (the
   * completion of a reset that died must not undo a newer one); idempotent. false when it did not set
   * it (superseded, or no such user).
   */
  // Crash consistency (CONTRACT 10.2): (a) one conditional single-document write, idempotent: the password step of a
  // reset (c), re-run by its completion (docs/decisions.md "Hub identity").
  setPasswordHash(userId: string, passwordHash: string, at: Date): Promise<boolean>;
}
export const HubUserRepository: Token<HubUserRepository> = token('HubUserRepository');

export interface MembershipRepository {
  /** false when the user is already a member of that organization. */
  // Crash consistency (CONTRACT 10.2): (a) one insert; written before its user by register and create-user --org: one
  // whose user never came is removed by check-data --repair (hub-memberships-without-user).
  add(membership: Membership): Promise<boolean>;
  /** Removes the membership if there is one (the undo of a creation that lost its e-mail). */
  remove(userId: string, orgId: string): Promise<void>;
  find(userId: string, orgId: string): Promise<Membership | undefined>;
  /** CONTRACT 5.2: the current membership at login is the most recently joined one. */
  latestOf(userId: string): Promise<Membership | undefined>;
}
export const MembershipRepository: Token<MembershipRepository> = token('MembershipRepository');

export type RotationOutcome = 'rotated' | 'lost';

/**
 * Refresh tokens. `rotate` is the one atomic operation of the rotation rule: it revokes the presented
 * token (replacedBy = successor) and stores the successor only if the presented token is still active,
 * all or nothing; of any number of concurrent calls for one token at most one answers 'rotated'.
 */
export interface HubRefreshTokenStore {
  create(record: RefreshTokenRecord): Promise<void>;
  findByHash(tokenHash: string): Promise<RefreshTokenRecord | undefined>;
  findById(id: string): Promise<RefreshTokenRecord | undefined>;
  // Crash consistency (CONTRACT 10.2): (b) + (c): the claim's insert, then one transaction (revoke the presented token,
  // insert the successor), safe on jongodb because the claim lets one rotation of a token in; a crash after the claim
  // fails closed (the retry is judged as reuse).
  rotate(presentedId: string, successor: RefreshTokenRecord, now: Date): Promise<RotationOutcome>;
  /**
   * Records that a replay of `presentedId` was judged as reuse. A rotation of that token still in
   * flight (the race winner) sees the mark when it completes and revokes its own successor, so a
   * family revocation cannot miss a successor that was not yet visible.
   */
  contest(presentedId: string, now: Date): Promise<void>;
  /** Revokes one token if it is not revoked yet. */
  revoke(id: string, now: Date): Promise<void>;
  /** Revokes every not-yet-revoked token of the user; returns how many. */
  // Crash consistency (CONTRACT 10.2): (c) one updateMany, atomic per token; a crash part-way is finished by the retry.
  revokeAllOfUser(userId: string, now: Date): Promise<number>;
  /** The families (sessions) of the user with a token created at or after `since`, each once. */
  familiesCreatedSince(userId: string, since: Date): Promise<readonly string[]>;
}
export const HubRefreshTokenStore: Token<HubRefreshTokenStore> = token('HubRefreshTokenStore');

export interface HubResetTokenRecord {
  readonly tokenHash: string;
  readonly userId: string;
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
}

export type HubResetConsumption =
  | { readonly kind: 'consumed'; readonly userId: string }
  | { readonly kind: 'already-used' }
  /** Used, and its reset not marked applied yet: in flight, or cut by a crash (the caller completes it). */
  | { readonly kind: 'pending'; readonly reset: PendingPasswordReset }
  | { readonly kind: 'invalid' };

export interface HubResetTokenStore {
  create(record: HubResetTokenRecord): Promise<void>;
  /**
   * Marks the token used if it is unused and unexpired (single use, atomic), storing the new
   * password's hash with it in the same write.
   */
  // Crash consistency (CONTRACT 10.2): (c) the consume is the commit point: one conditional write storing the new hash;
  // the password, the revocation and `markApplied` follow, idempotent, completed after a crash by the same link, the
  // serve tick or check-data --repair (docs/decisions.md "Hub identity").
  consume(tokenHash: string, passwordHash: string, now: Date): Promise<HubResetConsumption>;
  /** The reset of this token is complete: forgets the stored hash (idempotent); the token stays used. */
  markApplied(tokenHash: string): Promise<void>;
  /**
   * Consumed resets not marked applied, consumed at or before `usedBefore` (and at or after `from`), oldest first, at
   * most `limit`.
   */
  pending(usedBefore: Date, limit: number, from?: Date): Promise<readonly PendingPasswordReset[]>;
}
export const HubResetTokenStore: Token<HubResetTokenStore> = token('HubResetTokenStore');

/**
 * What an access token vouches for: the auth context of spec part 2 (the signer writes `userId` as the
 * `sub` claim and adds iat/exp).
 */
export interface AccessClaims {
  readonly userId: string;
  readonly email: string;
  readonly orgId: string;
  readonly role: Role;
  readonly permissions: readonly string[];
  /** CONTRACT 11.1: the session (`sid`): the refresh-token family the token was issued from. */
  readonly sessionId: string;
}

export interface AccessTokenIssuer {
  /** A signed access token valid for ACCESS_TOKEN_TTL_SECONDS from `now`, and its expiry (epoch seconds). */
  issue(claims: AccessClaims, now: Date): { readonly accessToken: string; readonly expiresAt: number };
}
export const AccessTokenIssuer: Token<AccessTokenIssuer> = token('AccessTokenIssuer');

/** Spec part 8 rule 7: refresh tokens live 7 days, access tokens 900 s. */
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
export const ACCESS_TOKEN_TTL_SECONDS = 900;

/** A stored refresh token (the opaque value itself is never stored, only its hash). */
export interface RefreshTokenRecord {
  readonly id: string;
  readonly tokenHash: string;
  readonly userId: string;
  /** The organization the session is in (its access tokens carry it). */
  readonly orgId: string;
  /** Every token descending from one login shares the family of that login. */
  readonly familyId: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly revokedAt: Date | null;
  /** Id of the successor record, set when this token was rotated. */
  readonly replacedBy: string | null;
}

/**
 * What a presented refresh token means (spec part 3 and part 4 steps 2 to 5, CONTRACT 5.3).
 * - unknown: no such token (401, cookie deleted);
 * - reused: a revoked token came back, which is theft until proven otherwise (revoke every token of the user);
 * - grace: the immediate predecessor of a still-active token, presented within the grace interval
 *   (two tabs racing): refused without punishing the session;
 * - expired: revoke it (401);
 * - active: rotate it.
 */
export type PresentedTokenState =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'reused'; readonly record: RefreshTokenRecord }
  | { readonly kind: 'grace'; readonly record: RefreshTokenRecord }
  | { readonly kind: 'expired'; readonly record: RefreshTokenRecord }
  | { readonly kind: 'active'; readonly record: RefreshTokenRecord };

export function presentedTokenState(
  record: RefreshTokenRecord | undefined,
  now: Date,
  graceMs: number,
  successor?: RefreshTokenRecord,
): PresentedTokenState {
  if (record === undefined) return { kind: 'unknown' };
  if (record.revokedAt !== null) {
    return isWithinGrace(record, now, graceMs, successor) ? { kind: 'grace', record } : { kind: 'reused', record };
  }
  if (record.expiresAt.getTime() <= now.getTime()) return { kind: 'expired', record };
  return { kind: 'active', record };
}

/** Whether a revoked token qualifies for the grace interval; the caller needs the successor only then. */
export function mayBeWithinGrace(record: RefreshTokenRecord, now: Date, graceMs: number): boolean {
  return (
    graceMs > 0 &&
    record.revokedAt !== null &&
    record.replacedBy !== null &&
    now.getTime() - record.revokedAt.getTime() <= graceMs
  );
}

function isWithinGrace(
  record: RefreshTokenRecord,
  now: Date,
  graceMs: number,
  successor: RefreshTokenRecord | undefined,
): boolean {
  // Only the immediate predecessor of the token that is active right now: anything older is reuse.
  return (
    mayBeWithinGrace(record, now, graceMs) &&
    successor !== undefined &&
    successor.id === record.replacedBy &&
    successor.revokedAt === null &&
    successor.expiresAt.getTime() > now.getTime()
  );
}

/** The successor of a rotated token: same user, organization and family, a fresh lifetime. */
export function successorOf(
  record: RefreshTokenRecord,
  next: { id: string; tokenHash: string },
  now: Date,
): RefreshTokenRecord {
  return {
    id: next.id,
    tokenHash: next.tokenHash,
    userId: record.userId,
    orgId: record.orgId,
    familyId: record.familyId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    revokedAt: null,
    replacedBy: null,
  };
}

export function newSessionToken(
  input: { id: string; tokenHash: string; userId: string; orgId: string },
  now: Date,
): RefreshTokenRecord {
  return {
    ...input,
    familyId: input.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    revokedAt: null,
    replacedBy: null,
  };
}

import * as E from 'fp-ts/Either';
import {
  mayBeWithinGrace,
  presentedTokenState,
  successorOf,
  type RefreshTokenRecord,
} from '../../domain/hub-identity/refresh-token';
import type { Clock, SecretGenerator, SecretHasher } from '../shared/ports';
import type { AccessTokenIssuer, HubUserRepository, MembershipRepository, HubRefreshTokenStore } from './ports';
import type { HubSessionEnding } from './hub-session-ending';
import { accessClaimsOf } from './session-issuer';

export interface RotateRefreshTokenInput {
  readonly refreshToken: string;
}

export interface RotateRefreshTokenOutput {
  readonly accessToken: string;
  readonly expiresAt: number;
  readonly refreshToken: string;
}

export type RotateRefreshTokenError =
  | { readonly _tag: 'UnknownRefreshToken' }
  | { readonly _tag: 'RefreshTokenReused' }
  | { readonly _tag: 'RefreshTokenInGrace' }
  | { readonly _tag: 'RefreshTokenExpired' }
  | { readonly _tag: 'NoMembership' };

/**
 * POST /auth/refresh (spec parts 3 and 4, CONTRACT 5.3). `graceMs` is the grace interval for the
 * immediate predecessor of the active token (default 0: strict, every replay is reuse).
 */
export class RotateRefreshToken {
  constructor(
    private readonly tokens: HubRefreshTokenStore,
    private readonly sessions: HubSessionEnding,
    private readonly users: HubUserRepository,
    private readonly memberships: MembershipRepository,
    private readonly accessTokens: AccessTokenIssuer,
    private readonly secrets: SecretGenerator,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
    private readonly graceMs: number = 0,
  ) {}

  async execute(input: RotateRefreshTokenInput): Promise<E.Either<RotateRefreshTokenError, RotateRefreshTokenOutput>> {
    const now = this.clock.now();
    const record = await this.tokens.findByHash(this.hasher.hash(input.refreshToken));
    const state = presentedTokenState(record, now, this.graceMs, await this.successorIfGraceMayApply(record, now));
    switch (state.kind) {
      case 'unknown':
        return E.left({ _tag: 'UnknownRefreshToken' });
      case 'reused':
        await this.sessions.endAllOfUser(state.record.userId, now);
        return E.left({ _tag: 'RefreshTokenReused' });
      case 'grace':
        return E.left({ _tag: 'RefreshTokenInGrace' });
      case 'expired':
        await this.tokens.revoke(state.record.id, now);
        return E.left({ _tag: 'RefreshTokenExpired' });
      case 'active':
        return this.rotate(state.record, now);
    }
  }

  private async rotate(
    record: RefreshTokenRecord,
    now: Date,
  ): Promise<E.Either<RotateRefreshTokenError, RotateRefreshTokenOutput>> {
    // Role and permissions are resolved again, so a role change shows at the next refresh.
    const user = await this.users.findById(record.userId);
    const membership =
      user === undefined
        ? undefined
        : ((await this.memberships.find(user.id, record.orgId)) ?? (await this.memberships.latestOf(user.id)));
    if (user === undefined || membership === undefined) {
      await this.tokens.revoke(record.id, now);
      return E.left({ _tag: 'NoMembership' });
    }
    const refreshToken = this.secrets.uuid();
    const successor = successorOf(
      { ...record, orgId: membership.orgId },
      { id: this.secrets.uuid(), tokenHash: this.hasher.hash(refreshToken) },
      now,
    );
    const outcome = await this.tokens.rotate(record.id, successor, now);
    if (outcome === 'lost') return this.lostRace(record, now);
    const { accessToken, expiresAt } = this.accessTokens.issue(accessClaimsOf(user, membership, record.familyId), now);
    return E.right({ accessToken, expiresAt, refreshToken });
  }

  /**
   * Another request rotated this token between our read and our write: we are the replay. It is
   * judged like any revoked token (grace for the immediate predecessor, otherwise reuse).
   */
  private async lostRace(
    record: RefreshTokenRecord,
    now: Date,
  ): Promise<E.Either<RotateRefreshTokenError, RotateRefreshTokenOutput>> {
    const current = (await this.tokens.findById(record.id)) ?? record;
    const revoked = current.revokedAt === null ? { ...current, revokedAt: now } : current;
    const state = presentedTokenState(revoked, now, this.graceMs, await this.successorIfGraceMayApply(revoked, now));
    if (state.kind === 'grace') return E.left({ _tag: 'RefreshTokenInGrace' });
    // Mark first, revoke second: a winner still committing either sees the mark or is visible to the revocation.
    await this.tokens.contest(record.id, now);
    await this.sessions.endAllOfUser(record.userId, now);
    return E.left({ _tag: 'RefreshTokenReused' });
  }

  private async successorIfGraceMayApply(
    record: RefreshTokenRecord | undefined,
    now: Date,
  ): Promise<RefreshTokenRecord | undefined> {
    if (record === undefined || record.replacedBy === null || !mayBeWithinGrace(record, now, this.graceMs))
      return undefined;
    return this.tokens.findById(record.replacedBy);
  }
}

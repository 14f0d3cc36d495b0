import * as E from 'fp-ts/Either';
import type { Clock, EndedSessions } from '../shared/ports';
import type { SalesIdentity } from '../../domain/sales-identity/sales-user';
import type { SalesAccessTokens } from './ports';

export type AuthenticateAccessTokenError = { readonly _tag: 'AccessTokenInvalid' };

/**
 * The JWT is self-contained (no database lookup): its claims are the identity until it expires (1 h),
 * so a role change takes effect at the next refresh; unless its session ended (logout, password reset:
 * CONTRACT 11.2), which is a lookup in memory (EndedSessions).
 */
export class AuthenticateAccessToken {
  constructor(
    private readonly accessTokens: SalesAccessTokens,
    private readonly endedSessions: EndedSessions,
    private readonly clock: Clock,
  ) {}

  async execute(input: { token: string }): Promise<E.Either<AuthenticateAccessTokenError, SalesIdentity>> {
    const session = this.accessTokens.verify(input.token, this.clock.now());
    if (session === undefined || (await this.endedSessions.isEnded(session.sessionId)))
      return E.left({ _tag: 'AccessTokenInvalid' });
    return E.right(session.identity);
  }
}

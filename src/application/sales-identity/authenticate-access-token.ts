import * as E from 'fp-ts/Either';
import type { Clock } from '../shared/ports';
import type { SalesIdentity } from '../../domain/sales-identity/sales-user';
import type { SalesAccessTokens } from './ports';

export type AuthenticateAccessTokenError = { readonly _tag: 'AccessTokenInvalid' };

/**
 * The JWT is self-contained (no lookup): its claims are the identity until it expires (1 h), so a
 * role change takes effect at the next refresh.
 */
export class AuthenticateAccessToken {
  constructor(
    private readonly accessTokens: SalesAccessTokens,
    private readonly clock: Clock,
  ) {}

  async execute(input: { token: string }): Promise<E.Either<AuthenticateAccessTokenError, SalesIdentity>> {
    const identity = this.accessTokens.verify(input.token, this.clock.now());
    return identity === undefined ? E.left({ _tag: 'AccessTokenInvalid' }) : E.right(identity);
  }
}

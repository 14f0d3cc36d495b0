import * as E from 'fp-ts/Either';
import type { Clock, PasswordHasher, SecretGenerator, SecretHasher } from '../shared/ports';
import { normalizeEmail } from '../../domain/sales-identity/email';
import { identityOf } from '../../domain/sales-identity/sales-user';
import { REFRESH_TOKEN_TTL_SECONDS, SECRET_BYTES } from '../../domain/sales-identity/session-lifetimes';
import type { SalesAccessTokens, SalesRefreshTokenStore, SalesUserRepository } from './ports';
import { salesSessionIdOf } from './sales-session-ending';

export interface LoginSalesUserInput {
  readonly email: string;
  readonly password: string;
}

export interface LoginSalesUserOutput {
  readonly user: { readonly id: string; readonly email: string; readonly name: string };
  readonly accessToken: string;
  readonly refreshToken: string;
}

/** Unknown e-mail and wrong password are one error: the caller must not learn which it was. */
export type LoginSalesUserError = { readonly _tag: 'InvalidCredentials' };

export class LoginSalesUser {
  constructor(
    private readonly users: SalesUserRepository,
    private readonly passwords: PasswordHasher,
    private readonly accessTokens: SalesAccessTokens,
    private readonly refreshTokens: SalesRefreshTokenStore,
    private readonly secrets: SecretGenerator,
    private readonly secretHasher: SecretHasher,
    private readonly clock: Clock,
  ) {}

  async execute(input: LoginSalesUserInput): Promise<E.Either<LoginSalesUserError, LoginSalesUserOutput>> {
    // A saturated hasher refuses before the lookup: a login flood costs no database work (CONTRACT 9.5).
    await this.passwords.checkCapacity();
    const user = await this.users.findByEmail(normalizeEmail(input.email));
    // An unknown account does the same hashing work as a wrong password (no timing oracle).
    const valid =
      user === undefined
        ? await this.passwords.verifyAgainstDummy(input.password)
        : await this.passwords.verify(user.passwordHash, input.password);
    if (user === undefined || !valid) return E.left({ _tag: 'InvalidCredentials' });
    const now = this.clock.now();
    const refreshToken = this.secrets.hex(SECRET_BYTES);
    const tokenHash = this.secretHasher.hash(refreshToken);
    await this.refreshTokens.save({
      tokenHash,
      userId: user.id,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      createdAt: now,
    });
    return E.right({
      user: { id: user.id, email: user.email, name: user.name },
      accessToken: this.accessTokens.issue(identityOf(user), salesSessionIdOf(tokenHash, this.secretHasher), now),
      refreshToken,
    });
  }
}

import * as E from 'fp-ts/Either';
import type { Clock, Mailer, SecretGenerator, SecretHasher } from '../shared/ports';
import { normalizeEmail } from '../../domain/sales-identity/email';
import { RESET_TOKEN_TTL_SECONDS, SECRET_BYTES } from '../../domain/sales-identity/session-lifetimes';
import type { PasswordResetTokenStore, SalesUserRepository } from './ports';

/**
 * Forgot password. The outcome is the same for a registered and an unknown e-mail (no enumeration);
 * `sent` is for tests and logs only, never for the HTTP answer.
 */
export class RequestSalesPasswordReset {
  constructor(
    private readonly users: SalesUserRepository,
    private readonly resetTokens: PasswordResetTokenStore,
    private readonly mailer: Mailer,
    private readonly secrets: SecretGenerator,
    private readonly secretHasher: SecretHasher,
    private readonly clock: Clock,
    private readonly publicAppUrl: string,
  ) {}

  async execute(input: { email: string }): Promise<E.Either<never, { sent: boolean }>> {
    const user = await this.users.findByEmail(normalizeEmail(input.email));
    if (user === undefined) return E.right({ sent: false });
    const now = this.clock.now();
    const token = this.secrets.hex(SECRET_BYTES);
    await this.resetTokens.save({
      tokenHash: this.secretHasher.hash(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_SECONDS * 1000),
      createdAt: now,
    });
    const link = `${this.publicAppUrl.replace(/\/+$/, '')}/reset-password?token=${token}`;
    await this.mailer.send({
      to: user.email,
      subject: 'Password reset',
      text:
        `A password reset was requested for this account.\n\nOpen this link within one hour to choose a new ` +
        `password:\n${link}\n\nIf you did not ask for it, ignore this message.`,
    });
    return E.right({ sent: true });
  }
}

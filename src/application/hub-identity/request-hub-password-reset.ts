import type { Email } from '../../domain/hub-identity/email';
import type { Clock, Mailer, SecretGenerator, SecretHasher } from '../shared/ports';
import type { HubUserRepository, HubResetTokenStore } from './ports';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * POST /auth/forgot-password: always the same answer (the caller learns nothing about accounts); a
 * known e-mail gets a 1 h single-use link whose token is stored only as a hash.
 */
export class RequestHubPasswordReset {
  constructor(
    private readonly users: HubUserRepository,
    private readonly resetTokens: HubResetTokenStore,
    private readonly mailer: Mailer,
    private readonly secrets: SecretGenerator,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
    private readonly publicAppUrl: string,
  ) {}

  async execute(input: { readonly email: Email }): Promise<void> {
    const user = await this.users.findByEmail(input.email);
    if (user === undefined) return;
    const token = this.secrets.hex(32);
    await this.resetTokens.create({
      tokenHash: this.hasher.hash(token),
      userId: user.id,
      expiresAt: new Date(this.clock.now().getTime() + RESET_TOKEN_TTL_MS),
      usedAt: null,
    });
    const link = `${this.publicAppUrl.replace(/\/$/, '')}/reset-password?token=${token}`;
    await this.mailer.send({
      to: user.email,
      subject: 'Redefinição de senha',
      text:
        `Para redefinir sua senha, abra este link em até 1 hora:\n\n${link}\n\nSe você não pediu a ` +
        'redefinição, ignore este e-mail.',
    });
  }
}

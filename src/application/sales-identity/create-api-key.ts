import * as E from 'fp-ts/Either';
import type { Clock, IdGenerator, SecretGenerator, SecretHasher } from '../shared/ports';
import { normalizeEmail } from '../../domain/sales-identity/email';
import type { SalesIdentity } from '../../domain/sales-identity/sales-user';
import { SECRET_BYTES } from '../../domain/sales-identity/session-lifetimes';
import type { ApiKeyRepository, SalesUserRepository } from './ports';

/** Who asks: a signed-in user, or the CLI (an administrator at the machine). */
export type ApiKeyActor = SalesIdentity | { readonly system: true };

export interface CreateApiKeyOutput {
  readonly id: string;
  /** The plain key: shown once, never stored. */
  readonly key: string;
  readonly user: { readonly id: string; readonly email: string };
}

export type CreateApiKeyError =
  { readonly _tag: 'Forbidden' } | { readonly _tag: 'UserNotFound'; readonly email: string };

export class CreateApiKey {
  constructor(
    private readonly users: SalesUserRepository,
    private readonly keys: ApiKeyRepository,
    private readonly secrets: SecretGenerator,
    private readonly secretHasher: SecretHasher,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: {
    actor: ApiKeyActor;
    email: string;
  }): Promise<E.Either<CreateApiKeyError, CreateApiKeyOutput>> {
    const email = normalizeEmail(input.email);
    // CONTRACT 3.1: admins for anyone, others only for themselves; checked before the lookup so a
    // non-admin cannot probe which e-mails exist.
    if (!('system' in input.actor) && input.actor.role !== 'admin' && normalizeEmail(input.actor.username) !== email) {
      return E.left({ _tag: 'Forbidden' });
    }
    const user = await this.users.findByEmail(email);
    if (user === undefined) return E.left({ _tag: 'UserNotFound', email });
    const key = this.secrets.hex(SECRET_BYTES);
    const id = this.ids.next();
    await this.keys.save({
      id,
      keyHash: this.secretHasher.hash(key),
      userId: user.id,
      userEmail: user.email,
      createdAt: this.clock.now(),
      revokedAt: undefined,
    });
    return E.right({ id, key, user: { id: user.id, email: user.email } });
  }
}

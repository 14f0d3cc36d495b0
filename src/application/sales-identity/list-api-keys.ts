import * as E from 'fp-ts/Either';
import type { SalesIdentity } from '../../domain/sales-identity/sales-user';
import type { ApiKeyRepository } from './ports';

export interface ApiKeySummary {
  readonly id: string;
  readonly user: { readonly id: string; readonly email: string };
  readonly createdAt: Date;
  readonly revokedAt: Date | undefined;
}

/** CONTRACT 3.1: own keys, or every key for an admin; never the key itself. */
export class ListApiKeys {
  constructor(private readonly keys: ApiKeyRepository) {}

  async execute(input: { actor: SalesIdentity }): Promise<E.Either<never, readonly ApiKeySummary[]>> {
    const records = await this.keys.list(input.actor.role === 'admin' ? undefined : input.actor.id);
    return E.right(
      records.map((record) => ({
        id: record.id,
        user: { id: record.userId, email: record.userEmail },
        createdAt: record.createdAt,
        revokedAt: record.revokedAt,
      })),
    );
  }
}

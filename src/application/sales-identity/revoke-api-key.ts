import * as E from 'fp-ts/Either';
import type { Clock } from '../shared/ports';
import type { ApiKeyCache } from './api-key-cache';
import type { ApiKeyActor } from './create-api-key';
import type { ApiKeyRepository } from './ports';

export type RevokeApiKeyError = { readonly _tag: 'ApiKeyNotFound' } | { readonly _tag: 'Forbidden' };

export class RevokeApiKey {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly cache: ApiKeyCache,
    private readonly clock: Clock,
  ) {}

  async execute(input: {
    actor: ApiKeyActor;
    id: string;
  }): Promise<E.Either<RevokeApiKeyError, { id: string; revokedAt: Date }>> {
    const record = await this.keys.findById(input.id);
    if (record === undefined) return E.left({ _tag: 'ApiKeyNotFound' });
    if (!('system' in input.actor) && input.actor.role !== 'admin' && input.actor.id !== record.userId) {
      return E.left({ _tag: 'Forbidden' });
    }
    const at = this.clock.now();
    await this.keys.revoke(record.id, at);
    // Effective at once in this process; other processes within the cache's TTL.
    this.cache.evictKey(record.id);
    return E.right({ id: record.id, revokedAt: record.revokedAt ?? at });
  }
}

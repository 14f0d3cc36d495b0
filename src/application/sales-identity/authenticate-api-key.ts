import * as E from 'fp-ts/Either';
import type { SecretHasher } from '../shared/ports';
import { isApiKeyShaped } from '../../domain/sales-identity/api-key';
import { identityOf, type SalesIdentity } from '../../domain/sales-identity/sales-user';
import type { ApiKeyCache } from './api-key-cache';
import type { ApiKeyRepository, SalesUserRepository } from './ports';

export type AuthenticateApiKeyError = { readonly _tag: 'ApiKeyInvalid' };

/** An API key acts as its user, with that user's role (spec part 5 rule 3). */
export class AuthenticateApiKey {
  /** Lookups under way, by key hash: concurrent requests with one key share one database round trip. */
  private readonly inFlight = new Map<string, Promise<E.Either<AuthenticateApiKeyError, SalesIdentity>>>();

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly users: SalesUserRepository,
    private readonly secretHasher: SecretHasher,
    private readonly cache: ApiKeyCache,
  ) {}

  async execute(input: { key: string }): Promise<E.Either<AuthenticateApiKeyError, SalesIdentity>> {
    if (!isApiKeyShaped(input.key)) return E.left({ _tag: 'ApiKeyInvalid' });
    // The lookup is by hash: equality on a SHA-256 digest leaks nothing useful about the key.
    const keyHash = this.secretHasher.hash(input.key);
    const cached = this.cache.get(keyHash);
    if (cached !== undefined) return E.right(cached);
    // When the cached entry expires under load, every connection misses at once; one lookup serves all.
    const pending = this.inFlight.get(keyHash);
    if (pending !== undefined) return pending;
    const lookup = this.lookUp(keyHash).finally(() => this.inFlight.delete(keyHash));
    this.inFlight.set(keyHash, lookup);
    return lookup;
  }

  private async lookUp(keyHash: string): Promise<E.Either<AuthenticateApiKeyError, SalesIdentity>> {
    const record = await this.keys.findActiveByHash(keyHash);
    if (record === undefined) return E.left({ _tag: 'ApiKeyInvalid' });
    const user = await this.users.findById(record.userId);
    if (user === undefined) return E.left({ _tag: 'ApiKeyInvalid' });
    const identity = identityOf(user);
    this.cache.set(keyHash, record.id, identity);
    return E.right(identity);
  }
}

import type { ApiKeyRepository } from '../../../src/application/sales-identity/ports';
import type { ApiKeyRecord } from '../../../src/domain/sales-identity/api-key';

export class InMemoryApiKeyRepository implements ApiKeyRepository {
  private readonly keys = new Map<string, ApiKeyRecord>();
  /** How many lookups by hash reached this store (for cache tests). */
  lookups = 0;

  async save(key: ApiKeyRecord): Promise<void> {
    if (this.keys.has(key.id) || [...this.keys.values()].some((k) => k.keyHash === key.keyHash))
      throw new Error('duplicate api key');
    this.keys.set(key.id, { ...key });
  }

  async findActiveByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
    this.lookups += 1;
    return [...this.keys.values()].find((key) => key.keyHash === keyHash && key.revokedAt === undefined);
  }

  async findById(id: string): Promise<ApiKeyRecord | undefined> {
    return this.keys.get(id);
  }

  async list(userId: string | undefined): Promise<readonly ApiKeyRecord[]> {
    return [...this.keys.values()]
      .filter((key) => userId === undefined || key.userId === userId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id));
  }

  async revoke(id: string, at: Date): Promise<void> {
    const key = this.keys.get(id);
    if (key !== undefined && key.revokedAt === undefined) this.keys.set(id, { ...key, revokedAt: at });
  }
}

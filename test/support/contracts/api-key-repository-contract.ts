import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { ApiKeyRepository } from '../../../src/application/sales-identity/ports';
import type { ApiKeyRecord } from '../../../src/domain/sales-identity/api-key';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const T1 = new Date('2026-11-21T11:00:00.000Z');

export function apiKeyRecord(overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    id: randomUUID(),
    keyHash: randomUUID(),
    userId: randomUUID(),
    userEmail: 'a@example.com',
    createdAt: T0,
    revokedAt: undefined,
    ...overrides,
  };
}

export function apiKeyRepositoryContract(make: () => Promise<ApiKeyRepository>): void {
  let repo: ApiKeyRepository;
  beforeEach(async () => {
    repo = await make();
  });

  it('finds an active key by hash and by id', async () => {
    const key = apiKeyRecord();
    await repo.save(key);
    expect(await repo.findActiveByHash(key.keyHash)).to.deep.equal(key);
    expect(await repo.findById(key.id)).to.deep.equal(key);
    expect(await repo.findActiveByHash(randomUUID())).to.equal(undefined);
  });

  it('refuses a second key with the same hash or the same id', async () => {
    const key = apiKeyRecord();
    await repo.save(key);
    for (const clash of [apiKeyRecord({ keyHash: key.keyHash }), apiKeyRecord({ id: key.id })]) {
      let caught: unknown;
      await repo.save(clash).catch((error: unknown) => (caught = error));
      expect(caught).to.be.instanceOf(Error);
    }
    expect(await repo.findById(key.id)).to.deep.equal(key);
    expect(await repo.findActiveByHash(key.keyHash)).to.deep.equal(key);
  });

  it('revoking an unknown id is harmless and stores nothing', async () => {
    const id = randomUUID();
    await repo.revoke(id, T0);
    expect(await repo.findById(id)).to.equal(undefined);
  });

  it('a revoked key is not found by hash, keeps its first revocation time, and is still listed', async () => {
    const key = apiKeyRecord();
    await repo.save(key);
    await repo.revoke(key.id, T0);
    await repo.revoke(key.id, T1);
    expect(await repo.findActiveByHash(key.keyHash)).to.equal(undefined);
    expect((await repo.findById(key.id))?.revokedAt).to.deep.equal(T0);
    expect((await repo.list(key.userId)).map((k) => k.id)).to.deep.equal([key.id]);
  });

  it("lists one user's keys newest first, or every key", async () => {
    const userId = randomUUID();
    const older = apiKeyRecord({ userId, createdAt: T0 });
    const newer = apiKeyRecord({ userId, createdAt: T1 });
    const other = apiKeyRecord();
    for (const k of [older, newer, other]) await repo.save(k);
    expect((await repo.list(userId)).map((k) => k.id)).to.deep.equal([newer.id, older.id]);
    const all = (await repo.list(undefined)).map((k) => k.id);
    expect(all).to.include.members([older.id, newer.id, other.id]);
    expect(await repo.list(randomUUID())).to.deep.equal([]);
  });
}

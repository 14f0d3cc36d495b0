import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { createHash } from 'node:crypto';
import { ApiKeyCache } from '../../../src/application/sales-identity/api-key-cache';
import { AuthenticateApiKey } from '../../../src/application/sales-identity/authenticate-api-key';
import { RevokeApiKey } from '../../../src/application/sales-identity/revoke-api-key';
import { apiKeyRecord } from '../../support/contracts/api-key-repository-contract';
import { user } from '../../support/contracts/sales-user-repository-contract';
import { ManualClock } from '../../support/fakes/fixed-clock';
import { InMemoryApiKeyRepository } from '../../support/fakes/in-memory-api-key-repository';
import { InMemorySalesUserRepository } from '../../support/fakes/in-memory-sales-user-repository';

describe('AuthenticateApiKey with its cache', () => {
  const sha = { hash: (s: string) => createHash('sha256').update(s).digest('hex') };
  const KEY = 'ab'.repeat(32);

  async function setUp() {
    const clock = new ManualClock();
    const keys = new InMemoryApiKeyRepository();
    const users = new InMemorySalesUserRepository();
    const owner = user({ role: 'manager' });
    await users.create(owner);
    const record = apiKeyRecord({ keyHash: sha.hash(KEY), userId: owner.id, userEmail: owner.email });
    await keys.save(record);
    const cache = new ApiKeyCache(clock, 5_000);
    return {
      clock,
      keys,
      owner,
      record,
      cache,
      authenticate: new AuthenticateApiKey(keys, users, sha, cache),
      revoke: new RevokeApiKey(keys, cache, clock),
    };
  }

  it("resolves the key to its user's identity and serves repeats from the cache, keyed by the hash", async () => {
    const { authenticate, keys, owner, cache } = await setUp();
    const first = await authenticate.execute({ key: KEY });
    expect(first).to.deep.equal(E.right({ id: owner.id, username: owner.email, role: 'manager' }));
    await authenticate.execute({ key: KEY });
    await authenticate.execute({ key: KEY });
    expect(keys.lookups).to.equal(1);
    expect(cache.get(sha.hash(KEY))).to.deep.equal({ id: owner.id, username: owner.email, role: 'manager' });
    expect(cache.get(KEY)).to.equal(undefined);
  });

  it('notices a revocation made elsewhere once the TTL has passed', async () => {
    const { authenticate, keys, record, clock } = await setUp();
    await authenticate.execute({ key: KEY });
    await keys.revoke(record.id, clock.now());
    clock.advance(4_999);
    expect(E.isRight(await authenticate.execute({ key: KEY }))).to.equal(true);
    clock.advance(1);
    expect(await authenticate.execute({ key: KEY })).to.deep.equal(E.left({ _tag: 'ApiKeyInvalid' }));
  });

  it('refuses a key revoked through this process at once', async () => {
    const { authenticate, revoke, record } = await setUp();
    await authenticate.execute({ key: KEY });
    expect(E.isRight(await revoke.execute({ actor: { system: true }, id: record.id }))).to.equal(true);
    expect(await authenticate.execute({ key: KEY })).to.deep.equal(E.left({ _tag: 'ApiKeyInvalid' }));
  });

  it('shares one lookup among concurrent requests with the same key', async () => {
    const { authenticate, keys } = await setUp();
    const results = await Promise.all(Array.from({ length: 10 }, () => authenticate.execute({ key: KEY })));
    expect(results.every(E.isRight)).to.equal(true);
    expect(keys.lookups).to.equal(1);
  });

  it('does not cache a key revoked while its lookup was under way', async () => {
    const { authenticate, revoke, record } = await setUp();
    const lookup = authenticate.execute({ key: KEY });
    await revoke.execute({ actor: { system: true }, id: record.id });
    await lookup;
    expect(await authenticate.execute({ key: KEY })).to.deep.equal(E.left({ _tag: 'ApiKeyInvalid' }));
  });

  it('answers ApiKeyInvalid for an active key whose user no longer exists, and caches nothing', async () => {
    const { authenticate, keys, cache } = await setUp();
    const orphan = 'ef'.repeat(32);
    await keys.save(apiKeyRecord({ keyHash: sha.hash(orphan), userId: 'a-deleted-user' }));
    expect(await authenticate.execute({ key: orphan })).to.deep.equal(E.left({ _tag: 'ApiKeyInvalid' }));
    expect(cache.size).to.equal(0);
  });

  it('refuses the upper-case spelling of a key without a lookup (keys are lower-case hex, spec part 2)', async () => {
    const { authenticate, keys } = await setUp();
    expect(await authenticate.execute({ key: KEY.toUpperCase() })).to.deep.equal(E.left({ _tag: 'ApiKeyInvalid' }));
    expect(await authenticate.execute({ key: `${KEY} ` })).to.deep.equal(E.left({ _tag: 'ApiKeyInvalid' }));
    expect(keys.lookups).to.equal(0);
  });

  it('refuses malformed and unknown keys without caching them', async () => {
    const { authenticate, keys, cache } = await setUp();
    expect(E.isLeft(await authenticate.execute({ key: 'short' }))).to.equal(true);
    expect(keys.lookups).to.equal(0);
    expect(E.isLeft(await authenticate.execute({ key: 'cd'.repeat(32) }))).to.equal(true);
    expect(cache.size).to.equal(0);
  });
});

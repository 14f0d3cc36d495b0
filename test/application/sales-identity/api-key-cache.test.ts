import { expect } from 'chai';
import { ApiKeyCache, REVOKED_MEMORY_MS } from '../../../src/application/sales-identity/api-key-cache';
import { ManualClock } from '../../support/fakes/fixed-clock';

describe('ApiKeyCache', () => {
  const ana = { id: 'u-ana', username: 'ana@example.com', role: 'operator' as const };
  const max = { id: 'u-max', username: 'max@example.com', role: 'manager' as const };

  it('serves an entry for its TTL and forgets it from then on', () => {
    const clock = new ManualClock();
    const cache = new ApiKeyCache(clock, 5_000);
    cache.set('hash-1', 'key-1', ana);
    clock.advance(4_999);
    expect(cache.get('hash-1')).to.deep.equal(ana);
    clock.advance(1);
    expect(cache.get('hash-1')).to.equal(undefined);
    expect(cache.size).to.equal(0);
  });

  it('caches nothing with a TTL of zero', () => {
    const cache = new ApiKeyCache(new ManualClock(), 0);
    cache.set('hash-1', 'key-1', ana);
    expect(cache.get('hash-1')).to.equal(undefined);
    expect(cache.size).to.equal(0);
  });

  it('stays within its bound by dropping the entry set longest ago', () => {
    const cache = new ApiKeyCache(new ManualClock(), 5_000, 2);
    cache.set('hash-1', 'key-1', ana);
    cache.set('hash-2', 'key-2', max);
    cache.set('hash-1', 'key-1', ana);
    cache.set('hash-3', 'key-3', max);
    expect(cache.size).to.equal(2);
    expect(cache.get('hash-2')).to.equal(undefined);
    expect(cache.get('hash-1')).to.deep.equal(ana);
    expect(cache.get('hash-3')).to.deep.equal(max);
  });

  it('evicts a revoked key at once and never caches it again', () => {
    const cache = new ApiKeyCache(new ManualClock(), 5_000);
    cache.set('hash-1', 'key-1', ana);
    cache.set('hash-2', 'key-2', max);
    cache.evictKey('key-1');
    expect(cache.get('hash-1')).to.equal(undefined);
    cache.set('hash-1', 'key-1', ana);
    expect(cache.get('hash-1')).to.equal(undefined);
    expect(cache.get('hash-2')).to.deep.equal(max);
  });

  it(
    'remembers revocations for a minute and at most as many as its entries, so it never grows with every key ever ' +
      'revoked',
    () => {
      const clock = new ManualClock();
      const cache = new ApiKeyCache(clock, 5_000, 3);
      for (let i = 0; i < 10; i += 1) cache.evictKey(`key-${i}`);
      expect(cache.revocationsRemembered).to.equal(3);
      // The three most recent are still refused; an older one, forgotten, could be cached by a late lookup.
      cache.set('hash-9', 'key-9', ana);
      expect(cache.get('hash-9')).to.equal(undefined);
      clock.advance(REVOKED_MEMORY_MS);
      cache.set('hash-9', 'key-9', ana);
      expect(cache.revocationsRemembered).to.equal(0);
      expect(cache.get('hash-9')).to.deep.equal(ana);
    },
  );
});

import type { Redis } from 'ioredis';
import type { RateLimitHit, RateLimitStore } from '../../application/shared/ports';

/**
 * One round trip, atomic: increment, set the expiry only when this hit created the key (the window
 * is fixed from its first request), and read the time left. A key that somehow lost its expiry gets
 * one again instead of counting forever.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string = 'ratelimit:',
  ) {}

  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, `${this.prefix}${key}`, String(windowMs))) as [
      number,
      number,
    ];
    return { count, resetInMs: ttl };
  }
}

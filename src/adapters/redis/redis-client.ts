import { Redis } from 'ioredis';
import type { ReadinessCheck } from '../../application/shared/ports';

/**
 * The one shared Redis client (rate-limit counters, KPI cache). Commands fail at once while the
 * connection is down (no offline queue) so a Redis outage cannot pile up waiting requests; the
 * client keeps reconnecting in the background.
 */
export function createRedisClient(url: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 3_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
}

export async function connectRedis(url: string, onError: (error: Error) => void): Promise<Redis> {
  const redis = createRedisClient(url);
  // Without a listener ioredis raises every reconnect failure as an unhandled 'error' event.
  redis.on('error', onError);
  try {
    await redis.connect();
  } catch (error) {
    // Stop the background reconnect loop, or it keeps the process alive.
    redis.disconnect();
    throw error;
  }
  return redis;
}

/** QUIT when connected (pending replies arrive first), then waits until the connection has ended. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  // Between reconnect attempts (the server is gone) no socket is open: disconnecting cancels the next
  // attempt and no 'end' event follows, so there is nothing to wait for.
  if (redis.status === 'reconnecting') {
    redis.disconnect();
    return;
  }
  const ended = new Promise<void>((resolve) => redis.once('end', () => resolve()));
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
  await ended;
}

export class RedisReadinessCheck implements ReadinessCheck {
  readonly name = 'redis';
  constructor(private readonly redis: Redis) {}

  async check(): Promise<void> {
    await this.redis.ping();
  }
}

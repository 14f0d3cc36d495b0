import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { startOwnRedis, type OwnRedis } from './own-redis';
import { answers } from './tcp';

/**
 * Where the test run looks for a developer's own Redis when REDIS_URL is unset. The tests of the
 * skip logic point it at a port with nothing on it; nobody else needs to set it.
 */
export const LOCAL_REDIS_VARIABLE = 'BROKERHUB_TEST_LOCAL_REDIS';
const DEFAULT_LOCAL_REDIS = 'redis://127.0.0.1:6379';

/** The Redis the test run uses, chosen once before the first test (test/support/hooks.ts). */
export type RunRedis =
  | { readonly kind: 'configured' | 'local'; readonly url: string }
  | { readonly kind: 'own'; readonly url: string; readonly server: OwnRedis; readonly local: string }
  | { readonly kind: 'none'; readonly reason: string };

/** REDIS_URL is set and does not answer: a configured dependency that is down (CONTRACT 2), not a skip. */
export class ConfiguredRedisDownError extends Error {
  constructor(readonly url: string) {
    super(`REDIS_URL (${redactUrl(url)}) does not answer`);
  }
}

/** The absolute path of `redis-server` on PATH, or undefined. */
export const redisServerOnPath = (path = process.env.PATH ?? ''): string | undefined =>
  binaryOnPath('redis-server', path);

/** The absolute path of an executable `name` on PATH, or undefined. */
export function binaryOnPath(name: string, path = process.env.PATH ?? ''): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

/**
 * REDIS_URL when set (it must answer); else the Redis at 127.0.0.1:6379 when something answers
 * there (used with random key prefixes, never flushed or stopped); else a redis-server of the run's
 * own when one is on PATH; else none, with the reason.
 */
export async function chooseRunRedis(env: NodeJS.ProcessEnv = process.env): Promise<RunRedis> {
  const configured = env.REDIS_URL ?? '';
  if (configured !== '') {
    if (await urlAnswers(configured)) return { kind: 'configured', url: configured };
    throw new ConfiguredRedisDownError(configured);
  }
  const local = env[LOCAL_REDIS_VARIABLE] || DEFAULT_LOCAL_REDIS;
  if (await urlAnswers(local)) return { kind: 'local', url: local };
  const nothingThere = `REDIS_URL is unset, nothing answers at ${hostAndPort(local)}`;
  const binary = redisServerOnPath(env.PATH);
  if (binary === undefined) return { kind: 'none', reason: `${nothingThere} and redis-server is not on PATH` };
  try {
    const server = await startOwnRedis(binary);
    return { kind: 'own', url: server.url, server, local };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'none', reason: `${nothingThere} and ${binary} did not start (${message})` };
  }
}

/** One line for the start of the run: which Redis the tests use. */
export function describeRunRedis(redis: RunRedis): string | undefined {
  switch (redis.kind) {
    case 'configured':
      return `Redis: REDIS_URL (${redactUrl(redis.url)})`;
    case 'local':
      return `Redis: the server at ${hostAndPort(redis.url)} (REDIS_URL unset; tests use their own key prefixes)`;
    case 'own':
      return (
        `Redis: started redis-server for this run at ${hostAndPort(redis.url)} (REDIS_URL unset, nothing at ` +
        `${hostAndPort(redis.local)}); no persistence, stopped when the run ends`
      );
    case 'none':
      return undefined;
  }
}

let chosen: RunRedis | undefined;

export function setRunRedis(redis: RunRedis | undefined): void {
  chosen = redis;
}

/** The URL of the run's Redis, for tests behind `describeWithRedis` / `requireRedis` (optional-tools.ts). */
export function testRedisUrl(): string {
  if (chosen === undefined || chosen.kind === 'none') {
    throw new Error(
      'no Redis for this test: guard it with describeWithRedis or requireRedis (test/support/optional-tools.ts)',
    );
  }
  return chosen.url;
}

async function urlAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return answers(hostname.replace(/^\[|\]$/g, ''), Number(port || 6379));
}

function hostAndPort(url: string): string {
  const { hostname, port } = new URL(url);
  return `${hostname}:${port || 6379}`;
}

function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password !== '') parsed.password = '***';
  return parsed.toString();
}

import { accessSync, constants } from 'node:fs';
import { ConfiguredRedisDownError, chooseRunRedis, describeRunRedis, redisServerOnPath, setRunRedis } from './redis';
import type { RunRedis } from './redis';

/**
 * The tools some tests need beyond Node and npm: a Redis, a `redis-server` binary (tests that kill
 * a server of their own) and Chromium (browser tests through playwright-core). `npm test` must work
 * on a machine with only Node and npm (CONTRACT 1), so where one is missing its tests are skipped,
 * never silently: one line at the start of the run and one in its closing summary say what was
 * skipped, why, and how to run it. CI sets BROKERHUB_TEST_REQUIRE_ALL=1 (.ci/run): every such skip
 * is then a failure, so CI always runs the whole suite.
 *
 * Every test that needs one of them goes through `describeWithRedis`, `describeWithRedisServer`,
 * `describeWithChromium` or, inside a test or a `before` hook, `requireRedis(this)` and the like.
 */
export const REQUIRE_ALL_VARIABLE = 'BROKERHUB_TEST_REQUIRE_ALL';

/** The Debian package's browser; playwright-core never downloads one. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

type Need = 'redis' | 'redis-server' | 'chromium';

interface Requirement {
  /** Which tests these are, as the two lines name them. */
  readonly what: string;
  /** Why they cannot run here; undefined when they can. */
  readonly missing: string | undefined;
  /** How to run them. */
  readonly remedy: string;
  skipped: number;
}

let requirements: Record<Need, Requirement> | undefined;
let runRedis: RunRedis | undefined;

const requireAll = (): boolean => !['', '0', 'false'].includes(process.env[REQUIRE_ALL_VARIABLE] ?? '');

const INSTALL_REDIS = 'install redis-server (Debian: apt-get install redis-server; the run then starts one of its own)';

function chromiumMissing(): string | undefined {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
    return undefined;
  } catch {
    return `no Chromium at ${CHROMIUM_PATH}${process.env.CHROMIUM_PATH ? ' (CHROMIUM_PATH)' : ''}`;
  }
}

function requirementsFor(redis: RunRedis): Record<Need, Requirement> {
  const redisRequirement: Requirement = {
    what: 'tests that need Redis',
    missing: redis.kind === 'none' ? redis.reason : undefined,
    remedy: `${INSTALL_REDIS}, or set REDIS_URL to a running Redis`,
    skipped: 0,
  };
  const binaryMissing = redisServerOnPath() === undefined;
  const redisServer: Requirement =
    // Without any Redis the two are one line: installing redis-server gives both.
    binaryMissing && redis.kind === 'none'
      ? redisRequirement
      : {
          what: 'tests that start and kill a redis-server of their own',
          missing: binaryMissing ? 'redis-server is not on PATH' : undefined,
          remedy: INSTALL_REDIS.replace('; the run then starts one of its own', ''),
          skipped: 0,
        };
  const chromium: Requirement = {
    what: 'browser tests (headless Chromium through playwright-core)',
    missing: chromiumMissing(),
    remedy: 'install Chromium (Debian: apt-get install chromium), or set CHROMIUM_PATH to its binary',
    skipped: 0,
  };
  return { redis: redisRequirement, 'redis-server': redisServer, chromium };
}

const missingOnes = (): Requirement[] =>
  [...new Set(Object.values(requirements ?? {}))].filter((r) => r.missing !== undefined);

/**
 * Root hook, before the first test: finds or starts the tools and prints one line per missing one.
 * A REDIS_URL that is set and does not answer ends the run with exit 2 (CONTRACT 2): a configured
 * dependency that is down is an error to fix, not a tool to skip.
 */
export async function prepareOptionalTools(out: (line: string) => void): Promise<void> {
  try {
    runRedis = await chooseRunRedis();
  } catch (error) {
    if (!(error instanceof ConfiguredRedisDownError)) throw error;
    process.stderr.write(
      `\n  ${error.message}: a configured dependency is down (CONTRACT 2), exit 2.\n` +
        '  Start that Redis, or unset REDIS_URL to let the test run use 127.0.0.1:6379 or start redis-server.\n',
    );
    process.exit(2);
  }
  setRunRedis(runRedis);
  requirements = requirementsFor(runRedis);
  const redisLine = describeRunRedis(runRedis);
  if (redisLine !== undefined) out(redisLine);
  for (const r of missingOnes()) {
    out(
      requireAll()
        ? `FAILING the ${r.what}: ${r.missing} (${REQUIRE_ALL_VARIABLE} is set); to run them, ${r.remedy}`
        : `SKIPPING the ${r.what}: ${r.missing}; to run them, ${r.remedy}`,
    );
  }
}

/** Root hook, after the last test: stops the run's own redis-server; the closing lines. */
export async function finishOptionalTools(): Promise<string[]> {
  if (runRedis?.kind === 'own') await runRedis.server.stop();
  setRunRedis(undefined);
  return missingOnes().map((r) =>
    requireAll()
      ? `FAILED the ${r.what} (${r.skipped}): ${r.missing} (${REQUIRE_ALL_VARIABLE} is set); to run them, ${r.remedy}`
      : `skipped the ${r.what} (${r.skipped}): ${r.missing}; to run them, ${r.remedy}`,
  );
}

/**
 * Skips the calling test, or every test of the calling `before` hook's suite, when `need` is
 * missing; fails it instead under BROKERHUB_TEST_REQUIRE_ALL. Counts the tests for the summary.
 */
function requireTool(ctx: Mocha.Context, need: Need): void {
  if (requirements === undefined) throw new Error('optional tools not prepared (test/support/hooks.ts)');
  const requirement = requirements[need];
  if (requirement.missing === undefined) return;
  // In a `before` hook the skip covers the hook's whole suite; in a test or `beforeEach`, one test.
  // (Mocha also sets currentTest in a `before` hook, to the suite's first test: the title tells.)
  const runnable = ctx.test as Mocha.Hook | Mocha.Test | undefined;
  const wholeSuite = runnable?.type === 'hook' && runnable.title.startsWith('"before all" hook');
  requirement.skipped += wholeSuite ? (runnable.parent?.total() ?? 1) : 1;
  if (requireAll()) {
    throw new Error(
      `${requirement.missing}: ${REQUIRE_ALL_VARIABLE} is set, so the ${requirement.what} fail instead of ` +
        `being skipped; to run them, ${requirement.remedy}`,
    );
  }
  ctx.skip();
}

export const requireRedis = (ctx: Mocha.Context): void => requireTool(ctx, 'redis');
export const requireRedisServer = (ctx: Mocha.Context): void => requireTool(ctx, 'redis-server');
export const requireChromium = (ctx: Mocha.Context): void => requireTool(ctx, 'chromium');

function describeWith(need: Need, title: string, fn: (this: Mocha.Suite) => void): Mocha.Suite {
  return describe(title, function () {
    before(function () {
      requireTool(this, need);
    });
    fn.call(this);
  });
}

/** A `describe` whose tests run only where the run has a Redis (see `testRedisUrl`). */
export const describeWithRedis = (title: string, fn: (this: Mocha.Suite) => void): Mocha.Suite =>
  describeWith('redis', title, fn);
/** A `describe` whose tests start their own redis-server (`startOwnRedis(redisServerBinary())`). */
export const describeWithRedisServer = (title: string, fn: (this: Mocha.Suite) => void): Mocha.Suite =>
  describeWith('redis-server', title, fn);
/** A `describe` whose tests drive headless Chromium (test/support/browser.ts). */
export const describeWithChromium = (title: string, fn: (this: Mocha.Suite) => void): Mocha.Suite =>
  describeWith('chromium', title, fn);

/** The redis-server binary for tests behind `describeWithRedisServer`. */
export function redisServerBinary(): string {
  const binary = redisServerOnPath();
  if (binary === undefined) throw new Error('redis-server is not on PATH: guard the test with describeWithRedisServer');
  return binary;
}

import { randomUUID } from 'node:crypto';
import * as E from 'fp-ts/Either';
import type Koa from 'koa';
import type { Db } from 'mongodb';
import { Argon2PasswordHasher } from '../../src/adapters/crypto/argon2-password-hasher';
import { ensureIndexes } from '../../src/adapters/mongo/shared/collection-indexes';
import { withDatabase } from '../../src/adapters/mongo/shared/embedded-mongo';
import type { CreateSalesUserOutput } from '../../src/application/sales-identity/create-sales-user';
import { loadConfig, type Config } from '../../src/config';
import type { Overrides } from '../../src/composition-root';
import type { SalesRole } from '../../src/domain/sales-identity/role';
import { openRuntime, type Runtime } from '../../src/runtime';
import { CapturingMailer } from './fakes/capturing-mailer';
import { indexCoverageGuard } from './index-coverage/index-coverage-guard';
import { memoryLogger } from './logs';
import { sharedMongo } from './mongo';
import { rebinding } from '../../src/composition/container';
import { PasswordHashing } from '../../src/composition/platform';
import { Mailer } from '../../src/application/shared/ports';

/** argon2id with tiny parameters: the same code path as production, fast enough for many logins. */
export const fastPasswordHasher = (): Argon2PasswordHasher =>
  new Argon2PasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });

export const TEST_JWT_SECRET = 'test-sales-jwt-secret-of-at-least-32-bytes!';
/** The hub secret of the sales runtime: it must differ from the sales one (CONTRACT 11.1). */
export const TEST_HUB_JWT_SECRET = 'test-hub-jwt-secret-of-at-least-32-bytes!!';

export interface SalesRuntime {
  readonly runtime: Runtime;
  readonly app: Koa;
  readonly callback: ReturnType<Koa['callback']>;
  readonly db: Db;
  readonly config: Config;
  readonly mailer: CapturingMailer;
  readonly log: ReturnType<typeof memoryLogger>;
  createUser(input: {
    email?: string;
    password?: string;
    name?: string;
    role?: SalesRole;
  }): Promise<CreateSalesUserOutput & { password: string }>;
  createApiKey(email: string): Promise<{ id: string; key: string }>;
  /** Writes the buffered API events now, the open counts of refused requests too (as if their minute had closed). */
  flushEvents(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real composition root and sales app on a database of its own on the shared test MongoDB.
 * The rate limit is lifted unless a test sets one (every test request comes from one IP).
 */
export async function openSalesRuntime(
  options: {
    env?: Record<string, string>;
    overrides?: Overrides;
    /** Changes the decoded configuration (e.g. equal JWT secrets, which the start-up check refuses). */
    configure?: (config: Config) => Config;
  } = {},
): Promise<SalesRuntime> {
  const loaded = loadConfig({
    MONGODB_URI: withDatabase(sharedMongo().uri, `test_${randomUUID().replace(/-/g, '').slice(0, 16)}`),
    SALES_JWT_SECRET: TEST_JWT_SECRET,
    HUB_JWT_SECRET: TEST_HUB_JWT_SECRET,
    PUBLIC_APP_URL: 'http://app.test',
    ...options.env,
  });
  if (E.isLeft(loaded)) throw new Error(loaded.left.problem);
  const config = options.configure?.(loaded.right.config) ?? loaded.right.config;
  const mailer = new CapturingMailer();
  const log = memoryLogger();
  const runtime = await openRuntime(config, log.logger, {
    commandObserver: indexCoverageGuard.observer,
    overrides: {
      salesRateLimit: { limit: 1_000_000, windowMs: 60_000 },
      ...options.overrides,
      rebind: [
        rebinding(PasswordHashing, fastPasswordHasher()),
        // The mails are captured, unless the test names an SMTP server to send them to.
        ...(options.env?.SMTP_URL === undefined ? [rebinding(Mailer, mailer)] : []),
        ...(options.overrides?.rebind ?? []),
      ],
    },
  });
  const { platform, salesIdentity, indexes, http } = runtime.app;
  const db = platform.db;
  await ensureIndexes(db, indexes);
  const app = http.sales;
  return {
    runtime,
    app,
    callback: app.callback(),
    db,
    config,
    mailer,
    log,
    async createUser(input) {
      const password = input.password ?? 'correct horse battery';
      const result = await salesIdentity.useCases.createSalesUser.execute({
        email: input.email ?? `${randomUUID()}@example.com`,
        password,
        ...(input.name === undefined ? {} : { name: input.name }),
        role: input.role ?? 'operator',
      });
      if (E.isLeft(result)) throw new Error(result.left._tag);
      return { ...result.right, password };
    },
    async createApiKey(email) {
      const result = await salesIdentity.useCases.createApiKey.execute({ actor: { system: true }, email });
      if (E.isLeft(result)) throw new Error(result.left._tag);
      return result.right;
    },
    flushEvents: () => {
      salesIdentity.eventRecorder.closeOpenCounts();
      return salesIdentity.eventRecorder.flush();
    },
    async close() {
      await salesIdentity.eventRecorder.flush();
      await db.dropDatabase().catch(() => undefined);
      await runtime.close();
    },
  };
}

/** The cookie pairs (`name=value`) of a response's Set-Cookie headers, for sending back. */
export function cookiePairs(setCookie: string | string[] | undefined): string[] {
  const all = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  return all.map((line) => line.split(';')[0] ?? '').filter((pair) => !pair.endsWith('='));
}

export function setCookieLine(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  return all.find((line) => line.startsWith(`${name}=`));
}

export function cookieValueOf(setCookie: string | string[] | undefined, name: string): string | undefined {
  return setCookieLine(setCookie, name)
    ?.split(';')[0]
    ?.slice(name.length + 1);
}

import * as E from 'fp-ts/Either';
import type Koa from 'koa';
import request, { type Response } from 'supertest';
import { compose, type Composition, type Overrides } from '../../src/composition-root';
import { loadConfig, type Config } from '../../src/config';
import { ensureIndexes } from '../../src/adapters/mongo/shared/collection-indexes';
import type { MongoConnection } from '../../src/adapters/mongo/shared/mongo-connection';
import { parseEmail } from '../../src/domain/hub-identity/email';
import type { Role } from '../../src/domain/hub-identity/role';
import { Clock, Mailer, type MailMessage } from '../../src/application/shared/ports';
import { ManualClock } from './fakes/fixed-clock';
import { memoryLogger } from './logs';
import { rebinding } from '../../src/composition/container';

export const HUB_SECRET = 'hub-test-secret-0123456789-abcdefghijklmnop';
/** The sales secret of the hub harness's composition: it must differ from the hub's (CONTRACT 11.1). */
export const HUB_HARNESS_SALES_SECRET = 'sales-secret-of-the-hub-harness-0123456789';
export const INTERNAL_SECRET = 'internal-test-secret-0123456789';

export interface HubHarness {
  readonly app: Koa;
  /** The whole composition (use cases of every area, the database). */
  readonly composition: Composition;
  readonly clock: ManualClock;
  readonly mails: MailMessage[];
  /** What the hub logged (JSON lines). */
  readonly logs: () => Record<string, unknown>[];
  createOrg(name: string): Promise<string>;
  createUser(input: {
    email: string;
    password: string;
    name?: string;
    orgId?: string;
    role?: Role;
    permissions?: string[];
  }): Promise<string>;
}

/** The real hub app on the real composition and a test database; only the clock and the mailer are replaced. */
export async function hubHarness(
  mongo: MongoConnection,
  options: {
    env?: Record<string, string>;
    overrides?: Overrides;
    /** Changes the decoded configuration (e.g. equal JWT secrets, which the start-up check refuses). */
    configure?: (config: Config) => Config;
  } = {},
): Promise<HubHarness> {
  const loaded = loadConfig({
    HUB_JWT_SECRET: HUB_SECRET,
    SALES_JWT_SECRET: HUB_HARNESS_SALES_SECRET,
    MCP_INTERNAL_SECRET: INTERNAL_SECRET,
    ...options.env,
  });
  if (E.isLeft(loaded)) throw new Error(loaded.left.problem);
  const clock = new ManualClock(new Date());
  const mails: MailMessage[] = [];
  const log = memoryLogger();
  const composition = compose(
    options.configure?.(loaded.right.config) ?? loaded.right.config,
    { db: mongo.db, redis: undefined, logger: log.logger },
    {
      hubIpRateLimit: { limit: 10_000, windowMs: 300_000 },
      ...options.overrides,
      rebind: [
        rebinding(Clock, clock),
        rebinding(Mailer, { send: async (message) => void mails.push(message) }),
        ...(options.overrides?.rebind ?? []),
      ],
    },
  );
  await ensureIndexes(composition.platform.db, composition.indexes);
  const { useCases } = composition.hubIdentity;
  return {
    app: composition.http.hub,
    composition,
    clock,
    mails,
    logs: log.lines,
    async createOrg(name) {
      const result = await useCases.createOrganization.execute({ name });
      if (E.isLeft(result)) throw new Error('slug taken');
      return result.right.id;
    },
    async createUser(input) {
      const email = parseEmail(input.email);
      if (email === undefined) throw new Error(`not an e-mail: ${input.email}`);
      const result = await useCases.createHubUser.execute({
        email,
        password: input.password,
        name: input.name ?? 'Test User',
        ...(input.orgId === undefined
          ? {}
          : { membership: { orgId: input.orgId, role: input.role ?? 'MEMBER', permissions: input.permissions ?? [] } }),
      });
      if (E.isLeft(result)) throw new Error(result.left._tag);
      return result.right.id;
    },
  };
}

/** The refresh_token Set-Cookie line of a response, if any. */
export function refreshSetCookie(res: Response): string | undefined {
  const raw = res.headers['set-cookie'] as unknown;
  const lines = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  return lines.find((line) => line.startsWith('refresh_token='));
}

export function refreshTokenOf(res: Response): string {
  const line = refreshSetCookie(res);
  const value = line?.split(';')[0]?.slice('refresh_token='.length);
  if (value === undefined || value === '') throw new Error('no refresh_token cookie');
  return value;
}

/**
 * An erasure through the hub's privacy routes (CONTRACT 12.3, 12.4): requested (202), completed as serve's start or
 * tick completes it, then answered as `GET .../erasures/{id}` answers it.
 */
export async function eraseOnHub(
  hub: HubHarness,
  privacyBase: string,
  authorization: string,
  body: Record<string, string>,
): Promise<Record<string, unknown>> {
  const api = () => request(hub.app.callback());
  const accepted = await api()
    .post(`${privacyBase}/erasures`)
    .set('Authorization', authorization)
    .send(body)
    .expect(202);
  await hub.composition.hubPrivacy.useCases.completePendingErasures.execute();
  const done = await api()
    .get(`${privacyBase}/erasures/${accepted.body.id as string}`)
    .set('Authorization', authorization)
    .expect(200);
  return done.body as Record<string, unknown>;
}

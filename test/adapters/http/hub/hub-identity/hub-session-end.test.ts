import { expect } from 'chai';
import { SignJWT, type JWTPayload } from 'jose';
import request from 'supertest';
import type { MongoConnection } from '../../../../../src/adapters/mongo/shared/mongo-connection';
import { connectTestDatabase } from '../../../../support/mongo';
import { HUB_SECRET, hubHarness, refreshTokenOf, type HubHarness } from '../../../../support/hub';

const PASSWORD = 'correct-horse-9';
const REFUSED = { error: 'Invalid or expired token' };

/**
 * CONTRACT 11.1 and 11.2 on the hub, over HTTP: two copies of the service (two compositions, each its
 * own memory) on one database, as in CONTRACT 10.3.
 */
describe('hub access tokens bound to the service, sessions ended on every copy (CONTRACT 11.1, 11.2)', () => {
  let mongo: MongoConnection;
  let copyA: HubHarness;
  let copyB: HubHarness;
  let orgId: string;
  before(async () => {
    mongo = await connectTestDatabase();
    copyA = await hubHarness(mongo);
    copyB = await hubHarness(mongo);
    orgId = await copyA.createOrg('Acme Motors');
  });
  after(async () => {
    await mongo.close();
  });

  const api = (copy: HubHarness) => request(copy.app.callback());
  const newUser = async () => {
    const email = `u${Math.random().toString(36).slice(2)}@example.com`;
    await copyA.createUser({ email, password: PASSWORD, orgId, role: 'OWNER' });
    return email;
  };
  const logIn = async (copy: HubHarness, email: string) => {
    const res = await api(copy).post('/api/v1/auth/login').send({ email, password: PASSWORD }).expect(200);
    return { access: res.body.accessToken as string, refresh: refreshTokenOf(res) };
  };
  const me = (copy: HubHarness, token: string) =>
    api(copy).get('/api/v1/auth/me').set('Authorization', `Bearer ${token}`);
  /** Asks until the copy refuses the token (no time is asserted: the copy must refuse it eventually). */
  const untilRefused = async (copy: HubHarness, token: string) => {
    for (;;) {
      const res = await me(copy, token);
      if (res.status === 401) return expect(res.body).to.deep.equal(REFUSED);
      expect(res.status).to.equal(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('logout on copy A: A refuses every session of the user at once, B within 5 s; other users stay', async () => {
    const email = await newUser();
    const [one, two] = [await logIn(copyA, email), await logIn(copyB, email)];
    const other = await logIn(copyB, await newUser());
    for (const copy of [copyA, copyB]) for (const s of [one, two]) await me(copy, s.access).expect(200);
    await api(copyA).post('/api/v1/auth/logout').set('Authorization', `Bearer ${one.access}`).expect(200);
    for (const s of [one, two]) await me(copyA, s.access).expect(401, REFUSED);
    for (const s of [one, two]) await untilRefused(copyB, s.access);
    for (const copy of [copyA, copyB]) await me(copy, other.access).expect(200);
  });

  it('a reused refresh token ends the sessions of the user: the tokens of both rotations are refused', async () => {
    const email = await newUser();
    const first = await logIn(copyA, email);
    const rotated = await api(copyB)
      .post('/api/v1/auth/refresh')
      .set('Cookie', `refresh_token=${first.refresh}`)
      .expect(200);
    const second = rotated.body.accessToken as string;
    await me(copyA, second).expect(200);
    // The rotated-out token comes back: reuse (spec part 4).
    await api(copyB).post('/api/v1/auth/refresh').set('Cookie', `refresh_token=${first.refresh}`).expect(401);
    for (const token of [first.access, second]) {
      await me(copyB, token).expect(401, REFUSED);
      await untilRefused(copyA, token);
    }
  });

  it('a password reset ends every session of the user on every copy; a new login works', async () => {
    const email = await newUser();
    const session = await logIn(copyA, email);
    await api(copyB).post('/api/v1/auth/forgot-password').send({ email }).expect(200);
    const token = /token=([0-9a-f]{64})/.exec(copyB.mails.at(-1)?.text ?? '')?.[1] ?? '';
    await api(copyB).post('/api/v1/auth/reset-password').send({ token, newPassword: 'brand-new-password' }).expect(200);
    await me(copyB, session.access).expect(401, REFUSED);
    await untilRefused(copyA, session.access);
    const fresh = await api(copyA)
      .post('/api/v1/auth/login')
      .send({ email, password: 'brand-new-password' })
      .expect(200);
    await me(copyB, fresh.body.accessToken as string).expect(200);
  });

  it('a signed token is accepted only with typ at+jwt, the hub iss and aud, jti, sid, a hub role', async () => {
    const { access } = await logIn(copyA, await newUser());
    const claims = JSON.parse(Buffer.from(access.split('.')[1] ?? '', 'base64url').toString()) as JWTPayload;
    const sign = (changes: JWTPayload, typ = 'at+jwt') => {
      const payload = Object.fromEntries(Object.entries({ ...claims, ...changes }).filter(([, v]) => v !== undefined));
      return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ }).sign(new TextEncoder().encode(HUB_SECRET));
    };
    await me(copyA, await sign({ jti: 'another-jti' })).expect(200);
    for (const token of [
      await sign({}, 'JWT'),
      await sign({ iss: 'brokerhub-sales', aud: 'brokerhub-sales' }),
      await sign({ iss: 'brokerhub-sales' }),
      await sign({ aud: 'brokerhub-sales' }),
      await sign({ jti: undefined }),
      await sign({ sid: undefined }),
      await sign({ role: 'admin' }),
      await sign({ role: 'operator' }),
    ])
      await me(copyA, token).expect(401, REFUSED);
  });
});

import { expect } from 'chai';
import { SignJWT, type JWTPayload } from 'jose';
import { createHmac } from 'node:crypto';
import request from 'supertest';
import {
  cookiePairs,
  cookieValueOf,
  openSalesRuntime,
  TEST_JWT_SECRET,
  type SalesRuntime,
} from '../../../../support/sales-runtime';

const REFUSED = 'Unauthorized - valid access token or API key required';
const SECRET = new TextEncoder().encode(TEST_JWT_SECRET);
const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * CONTRACT 11.1 and 11.2 on the sales service, over HTTP: two copies of the service (two runtimes, each
 * its own composition and memory) on one database, as in CONTRACT 10.3.
 */
describe('sales access tokens bound to the service, sessions ended on every copy (CONTRACT 11.1, 11.2)', () => {
  let copyA: SalesRuntime;
  let copyB: SalesRuntime;
  before(async () => {
    copyA = await openSalesRuntime();
    copyB = await openSalesRuntime({ env: { MONGODB_URI: copyA.config.mongodbUri ?? '' } });
  });
  after(async () => {
    await copyB.runtime.close();
    await copyA.close();
  });

  const logIn = async (copy: SalesRuntime, user: { email: string; password: string }) => {
    const res = await request(copy.callback).post('/auth/login').send(user).expect(200);
    return {
      access: cookieValueOf(res.headers['set-cookie'], 'access_token') ?? '',
      cookies: cookiePairs(res.headers['set-cookie']),
    };
  };
  const salesList = (copy: SalesRuntime, token: string) =>
    request(copy.callback).get('/api/sales').set('Authorization', `Bearer ${token}`);
  const expectRefused = async (copy: SalesRuntime, token: string) => {
    const res = await salesList(copy, token).expect(401);
    expect(res.body).to.include({ statusCode: 401, message: REFUSED });
  };
  /** Asks until the copy refuses the token (no time is asserted: the copy must refuse it eventually). */
  const untilRefused = async (copy: SalesRuntime, token: string) => {
    for (;;) {
      const res = await salesList(copy, token);
      if (res.status === 401) return expect(res.body).to.include({ statusCode: 401, message: REFUSED });
      expect(res.status).to.equal(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('logout on copy A: A refuses the session at once, B too (within 5 s); another session stays', async () => {
    const user = await copyA.createUser({});
    const laptop = await logIn(copyA, user);
    const phone = await logIn(copyB, user);
    for (const copy of [copyA, copyB]) for (const s of [laptop, phone]) await salesList(copy, s.access).expect(200);
    await request(copyA.callback).post('/auth/logout').set('Cookie', laptop.cookies).expect(200);
    await expectRefused(copyA, laptop.access);
    await untilRefused(copyB, laptop.access);
    for (const copy of [copyA, copyB]) await salesList(copy, phone.access).expect(200);
    // The refresh token of the ended session buys nothing any more.
    await request(copyB.callback).post('/auth/refresh').set('Cookie', laptop.cookies).expect(401);
  });

  it('a password reset ends every session of the user on every copy; a new login works', async () => {
    const user = await copyA.createUser({});
    const sessions = [await logIn(copyA, user), await logIn(copyB, user)];
    const mail = copyB.mailer.next();
    await request(copyB.callback).post('/auth/forgot-password').send({ email: user.email }).expect(200);
    const token = /token=([0-9a-f]{64})/.exec((await mail).text)?.[1] ?? '';
    await request(copyB.callback)
      .post('/auth/reset-password')
      .send({ token, newPassword: 'a brand new password' })
      .expect(200);
    for (const session of sessions) {
      await expectRefused(copyB, session.access);
      await untilRefused(copyA, session.access);
    }
    const fresh = await logIn(copyA, { email: user.email, password: 'a brand new password' });
    await salesList(copyB, fresh.access).expect(200);
  });

  describe('what a token must be', () => {
    let user: { id: string; email: string; password: string };
    let claims: JWTPayload;
    before(async () => {
      user = await copyA.createUser({ role: 'manager' });
      const { access } = await logIn(copyA, user);
      claims = JSON.parse(Buffer.from(access.split('.')[1] ?? '', 'base64url').toString()) as JWTPayload;
    });
    const sign = (changes: JWTPayload, typ = 'at+jwt') => {
      const payload = Object.fromEntries(Object.entries({ ...claims, ...changes }).filter(([, v]) => v !== undefined));
      return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ }).sign(SECRET);
    };

    it('a signed token is accepted only with typ at+jwt, the sales iss and aud, jti, sid, a sales role', async () => {
      await salesList(copyA, await sign({ jti: 'another-jti' })).expect(200);
      const refused = [
        await sign({}, 'JWT'),
        await sign({ iss: 'brokerhub-hub', aud: 'brokerhub-hub' }),
        await sign({ iss: 'brokerhub-hub' }),
        await sign({ aud: 'brokerhub-hub' }),
        await sign({ jti: undefined }),
        await sign({ sid: undefined }),
        await sign({ role: 'OWNER' }),
        await sign({ role: 'root' }),
        await sign({ role: undefined }),
      ];
      for (const token of refused) await expectRefused(copyA, token);
    });

    it('every forgery stays refused: alg none, HS512, a stripped or foreign signature, a changed payload', async () => {
      const good = await sign({});
      const [header, payload, signature] = good.split('.') as [string, string, string];
      const hs512Input = `${b64url({ alg: 'HS512', typ: 'at+jwt' })}.${payload}`;
      const hs512 = `${hs512Input}.${createHmac('sha512', TEST_JWT_SECRET).update(hs512Input).digest('base64url')}`;
      const foreign = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .sign(new TextEncoder().encode('a-foreign-secret-of-at-least-32-bytes!!'));
      for (const token of [
        `${b64url({ alg: 'none', typ: 'at+jwt' })}.${payload}.`,
        hs512,
        `${header}.${payload}.`,
        foreign,
        `${header}.${b64url({ ...claims, role: 'admin' })}.${signature}`,
      ])
        await expectRefused(copyA, token);
    });
  });
});

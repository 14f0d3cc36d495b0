import Router from '@koa/router';
import { expect } from 'chai';
import type { Context } from 'koa';
import { SignJWT } from 'jose';
import * as t from 'io-ts';
import request from 'supertest';
import { apiKeyGuard, combinedGuard, roleGuard } from '../../../../src/adapters/http/sales/guards';
import { currentIdentity } from '../../../../src/adapters/http/sales/request-identity';
import { SALES_SECURITY } from '../../../../src/adapters/http/sales/sales-openapi';
import { documented } from '../../../../src/adapters/http/shared/openapi/documented-router';
import { errorAnswer } from '../../../support/http';
import { openSalesRuntime, cookieValueOf, TEST_JWT_SECRET, type SalesRuntime } from '../../../support/sales-runtime';

describe('sales guards (spec part 5)', () => {
  let sales: SalesRuntime;
  let alice: { id: string; email: string; token: string; key: string };
  let bob: { id: string; email: string; token: string; key: string };

  before(async () => {
    sales = await openSalesRuntime({
      overrides: {
        extraSalesRouters: (guards) => {
          const router = new Router({ prefix: '/test' });
          const api = documented(router, { tag: 'Test', security: SALES_SECURITY.jwtOrApiKey });
          const whoami = (ctx: Context) => {
            ctx.body = currentIdentity(ctx);
          };
          const identity = {
            description: 'The identity',
            body: t.type({ id: t.string, username: t.string, role: t.string }),
          };
          api.get('/combined', { summary: 'whoami', responses: { 200: identity } }, combinedGuard(guards), whoami);
          api.get(
            '/api-key-only',
            { summary: 'whoami', security: SALES_SECURITY.apiKeyOnly, responses: { 200: identity } },
            apiKeyGuard(guards),
            whoami,
          );
          api.get(
            '/admins',
            { summary: 'whoami', responses: { 200: identity, 403: errorAnswer('Not an admin') } },
            combinedGuard(guards),
            roleGuard('admin'),
            whoami,
          );
          return [router];
        },
      },
    });
    const make = async (role: 'admin' | 'operator') => {
      const user = await sales.createUser({ role });
      const res = await request(sales.callback)
        .post('/auth/login')
        .send({ email: user.email, password: user.password })
        .expect(200);
      return {
        id: user.id,
        email: user.email,
        token: cookieValueOf(res.headers['set-cookie'], 'access_token') ?? '',
        key: (await sales.createApiKey(user.email)).key,
      };
    };
    alice = await make('admin');
    bob = await make('operator');
  });
  after(async () => {
    await sales.close();
  });

  const combined = () => request(sales.callback).get('/test/combined');

  it(
    'accepts the JWT in the access_token cookie and in the Bearer header, with the identity shape of part ' + '2',
    async () => {
      const fromCookie = await combined().set('Cookie', `access_token=${alice.token}`).expect(200);
      expect(fromCookie.body).to.deep.equal({ id: alice.id, username: alice.email, role: 'admin' });
      const fromHeader = await combined().set('Authorization', `Bearer ${alice.token}`).expect(200);
      expect(fromHeader.body).to.deep.equal(fromCookie.body);
    },
  );

  it('ignores the API key when a valid JWT is present (fixed order)', async () => {
    const res = await combined().set('Cookie', `access_token=${alice.token}`).set('x-api-key', bob.key).expect(200);
    expect(res.body.id).to.equal(alice.id);
  });

  it('falls through to the API key when the JWT is tampered, expired, alg none or wrongly signed', async () => {
    const [header, payload] = alice.token.split('.') as [string, string, string];
    const now = Math.floor(Date.now() / 1000);
    // Everything a sales token carries (CONTRACT 11.1), so each one is refused for its forgery alone.
    const claims = { sub: alice.id, email: alice.email, role: 'admin', sid: 's', jti: 'j' };
    const service = { iss: 'brokerhub-sales', aud: 'brokerhub-sales' };
    const secret = new TextEncoder().encode(TEST_JWT_SECRET);
    const bad = [
      `${header}.${payload}.${'A'.repeat(43)}`,
      await new SignJWT({ ...claims, ...service })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setIssuedAt(now - 7200)
        .setExpirationTime(now - 3600)
        .sign(secret),
      `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`,
      await new SignJWT({ ...claims, ...service })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setExpirationTime(now + 3600)
        .sign(new TextEncoder().encode('another-secret-of-at-least-32-bytes-long')),
      await new SignJWT({ ...claims, ...service })
        .setProtectedHeader({ alg: 'HS512', typ: 'at+jwt' })
        .setExpirationTime(now + 3600)
        .sign(secret),
    ];
    for (const token of bad) {
      const alone = await combined().set('Authorization', `Bearer ${token}`).expect(401);
      expect(alone.body).to.include({ statusCode: 401 });
      const withKey = await combined().set('Authorization', `Bearer ${token}`).set('x-api-key', bob.key).expect(200);
      expect(withKey.body).to.deep.equal({ id: bob.id, username: bob.email, role: 'operator' });
    }
  });

  it(
    'answers 401 {statusCode, message} with the handler timestamp and path for no credential or an unknown ' + 'key',
    async () => {
      const none = await combined().expect(401);
      expect(none.body).to.include({ statusCode: 401, path: '/test/combined' });
      expect(none.body.message).to.be.a('string');
      expect(none.body.timestamp).to.be.a('string');
      await combined().set('x-api-key', 'f'.repeat(64)).expect(401);
      await combined().set('x-api-key', 'not-a-key').expect(401);
    },
  );

  it('API-key-only guard: X-API-KEY or Bearer key; a JWT is not accepted', async () => {
    const viaHeader = await request(sales.callback).get('/test/api-key-only').set('X-API-KEY', bob.key).expect(200);
    expect(viaHeader.body.id).to.equal(bob.id);
    const viaBearer = await request(sales.callback)
      .get('/test/api-key-only')
      .set('Authorization', `Bearer ${bob.key}`)
      .expect(200);
    expect(viaBearer.body.id).to.equal(bob.id);
    await request(sales.callback).get('/test/api-key-only').set('Authorization', `Bearer ${alice.token}`).expect(401);
    await request(sales.callback).get('/test/api-key-only').set('Cookie', `access_token=${alice.token}`).expect(401);
    const missing = await request(sales.callback).get('/test/api-key-only').expect(401);
    expect(missing.body).to.include({ statusCode: 401, message: 'API key is required' });
  });

  it('role guard: 403 for a role outside the list, for a JWT and for an API key of that user', async () => {
    await request(sales.callback).get('/test/admins').set('Cookie', `access_token=${alice.token}`).expect(200);
    await request(sales.callback).get('/test/admins').set('x-api-key', alice.key).expect(200);
    const denied = await request(sales.callback).get('/test/admins').set('x-api-key', bob.key).expect(403);
    expect(denied.body).to.include({ statusCode: 403 });
  });
});

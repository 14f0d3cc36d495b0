import { expect } from 'chai';
import { createHash } from 'node:crypto';
import request, { type Response } from 'supertest';
import * as jose from 'jose';
import jwt from 'jsonwebtoken';
import type { MongoConnection } from '../../../../../src/adapters/mongo/shared/mongo-connection';
import { connectTestDatabase } from '../../../../support/mongo';
import { HUB_SECRET, hubHarness, refreshSetCookie, refreshTokenOf, type HubHarness } from '../../../../support/hub';

const PASSWORD = 'correct-horse-9';
const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

describe('hub auth HTTP', () => {
  let mongo: MongoConnection;
  let hub: HubHarness;
  let orgId: string;
  let userId: string;
  before(async () => {
    mongo = await connectTestDatabase();
    hub = await hubHarness(mongo);
    orgId = await hub.createOrg('Acme Motors');
    userId = await hub.createUser({ email: 'ana@example.com', password: PASSWORD, name: 'Ana', orgId, role: 'MEMBER' });
  });
  after(async () => {
    await mongo.close();
  });

  const api = () => request(hub.app.callback());
  const login = (email = 'ana@example.com', password = PASSWORD) =>
    api().post('/api/v1/auth/login').send({ email, password });
  const refresh = (token?: string) => {
    const req = api().post('/api/v1/auth/refresh');
    return token === undefined ? req : req.set('Cookie', `refresh_token=${token}`);
  };
  const tokens = () => mongo.db.collection('hub_refresh_tokens');
  const activeCount = async (id = userId) => tokens().countDocuments({ userId: id, revokedAt: null });

  describe('POST /auth/login', () => {
    it('answers the login response with expiresAt = now + 900 and sets the refresh cookie (spec part 4)', async () => {
      const res = await login('  ANA@Example.com ').expect(200);
      const now = Math.floor(hub.clock.now().getTime() / 1000);
      expect(res.body).to.have.all.keys('accessToken', 'expiresAt', 'user', 'org');
      expect(res.body.expiresAt).to.equal(now + 900);
      expect(res.body.user).to.deep.equal({ id: userId, email: 'ana@example.com', name: 'Ana', language: 'pt-BR' });
      expect(res.body.org).to.deep.equal({ id: orgId, name: 'Acme Motors', role: 'MEMBER' });
      const cookie = refreshSetCookie(res) ?? '';
      expect(cookie).to.match(/^refresh_token=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12};/);
      expect(cookie).to.contain('Path=/api/v1/auth/refresh').and.contain('HttpOnly').and.contain('SameSite=Strict');
      expect(cookie).to.contain(`Max-Age=${7 * 24 * 3600}`);
      expect(cookie).not.to.contain('Secure');
      // Only the hash is stored.
      const stored = await tokens().findOne({ tokenHash: sha256(refreshTokenOf(res)) });
      expect(stored).to.not.equal(null);
      expect(JSON.stringify(await tokens().find({}).toArray())).not.to.contain(refreshTokenOf(res));
    });

    it(
      'logs in a user whose password is longer than the 256 set at registration (hub passwords had no maximum ' +
        'before; the CLI sets none)',
      async () => {
        const long = 'p'.repeat(300);
        await hub.createUser({ email: 'long@example.com', password: long, name: 'Long', orgId, role: 'MEMBER' });
        await login('long@example.com', long).expect(200);
      },
    );

    it('issues an at+jwt token jose verifies, with the claims of spec part 2 and CONTRACT 11.1', async () => {
      const res = await login().expect(200);
      const { payload, protectedHeader } = await jose.jwtVerify(
        res.body.accessToken,
        new TextEncoder().encode(HUB_SECRET),
        {
          algorithms: ['HS256'],
          typ: 'at+jwt',
          issuer: 'brokerhub-hub',
          audience: 'brokerhub-hub',
          currentDate: hub.clock.now(),
        },
      );
      expect(protectedHeader).to.deep.equal({ alg: 'HS256', typ: 'at+jwt' });
      expect(Object.keys(payload).sort()).to.deep.equal(
        ['aud', 'email', 'exp', 'iat', 'iss', 'jti', 'orgId', 'permissions', 'role', 'sid', 'sub'].sort(),
      );
      expect(payload).to.include({ sub: userId, email: 'ana@example.com', orgId, role: 'MEMBER' });
      expect(payload.exp! - payload.iat!).to.equal(900);
      expect(payload.permissions).to.include('channels:read').and.not.include('channels:edit');
    });

    it('answers bad payloads with 400 {error: <message>} and writes nothing', async () => {
      const before = await tokens().countDocuments();
      await api()
        .post('/api/v1/auth/login')
        .send({ email: 'not-an-email', password: PASSWORD })
        .expect(400, { error: 'Invalid email' });
      await api()
        .post('/api/v1/auth/login')
        .send({ email: 'ana@example.com', password: 'short' })
        .expect(400, { error: 'password must be at least 8 characters' });
      await api()
        .post('/api/v1/auth/login')
        .send({ email: 'ana@example.com' })
        .expect(400, { error: 'password is required' });
      await api()
        .post('/api/v1/auth/login')
        .send({ email: { $ne: null }, password: PASSWORD })
        .expect(400, { error: 'email must be a string' });
      await api()
        .post('/api/v1/auth/login')
        .send({ email: 'ana@example.com', password: { $gt: '' } })
        .expect(400, { error: 'password must be a string' });
      await api()
        .post('/api/v1/auth/login')
        .set('content-type', 'application/json')
        .send('{"email":')
        .expect(400, { error: 'Invalid JSON body' });
      expect(await tokens().countDocuments()).to.equal(before);
    });

    it('answers a wrong password and an unknown e-mail alike: 401 Invalid credentials', async () => {
      await login('ana@example.com', 'wrong-password').expect(401, { error: 'Invalid credentials' });
      await login('nobody@example.com', PASSWORD).expect(401, { error: 'Invalid credentials' });
    });

    it('answers 403 for a user without membership', async () => {
      await hub.createUser({ email: 'loner@example.com', password: PASSWORD });
      await login('loner@example.com').expect(403, { error: 'User has no organization membership' });
    });

    it('logs into the most recently joined organization (CONTRACT 5.2)', async () => {
      const first = await hub.createOrg('First Org');
      const second = await hub.createOrg('Second Org');
      const id = await hub.createUser({ email: 'multi@example.com', password: PASSWORD, orgId: first, role: 'ADMIN' });
      hub.clock.advance(1_000);
      await mongo.db.collection('hub_memberships').insertOne({
        _id: `${id}:${second}` as never,
        userId: id,
        orgId: second,
        role: 'CLIENT',
        permissions: ['leads:read'],
        joinedAt: hub.clock.now(),
      });
      const res = await login('multi@example.com').expect(200);
      expect(res.body.org).to.deep.equal({ id: second, name: 'Second Org', role: 'CLIENT' });
      expect((jwt.decode(res.body.accessToken) as { permissions: string[] }).permissions).to.deep.equal(['leads:read']);
    });
  });

  describe('POST /auth/refresh (spec part 3 and part 4)', () => {
    it('(1) no cookie: 401 No refresh token', async () => {
      await refresh().expect(401, { error: 'No refresh token' });
    });

    it('(2) unknown token: 401 and the cookie is deleted', async () => {
      const res = await refresh('9b2f8f5e-1111-4222-8333-944445555666').expect(401, {
        error: 'Invalid or reused refresh token',
      });
      expect(refreshSetCookie(res)).to.match(/^refresh_token=;.*Max-Age=0/);
    });

    it('(5) active token: rotated in place (revoked, replacedBy) and a new token and access token issued', async () => {
      const first = refreshTokenOf(await login().expect(200));
      hub.clock.advance(60_000);
      const res = await refresh(first).expect(200);
      expect(res.body).to.have.all.keys('accessToken', 'expiresAt');
      expect(res.body.expiresAt).to.equal(Math.floor(hub.clock.now().getTime() / 1000) + 900);
      const second = refreshTokenOf(res);
      expect(second).to.not.equal(first);
      const old = await tokens().findOne({ tokenHash: sha256(first) });
      const successor = await tokens().findOne({ tokenHash: sha256(second) });
      expect(old?.revokedAt).to.deep.equal(hub.clock.now());
      expect(old?.replacedBy).to.equal(successor?._id);
      expect(successor?.revokedAt).to.equal(null);
      expect(successor?.familyId).to.equal(old?.familyId);
      await api().get('/api/v1/auth/me').set('Authorization', `Bearer ${res.body.accessToken}`).expect(200);
    });

    it('(3) a revoked token presented again revokes every token of the user: 401', async () => {
      const first = refreshTokenOf(await login().expect(200));
      const otherSession = refreshTokenOf(await login().expect(200));
      const second = refreshTokenOf(await refresh(first).expect(200));
      const res = await refresh(first).expect(401, { error: 'Invalid or reused refresh token' });
      expect(refreshSetCookie(res)).to.match(/^refresh_token=;/);
      expect(await activeCount()).to.equal(0);
      // Both the legitimate successor and every other session are gone.
      await refresh(second).expect(401, { error: 'Invalid or reused refresh token' });
      await refresh(otherSession).expect(401, { error: 'Invalid or reused refresh token' });
    });

    it('(4) an expired token is revoked: 401', async () => {
      const token = refreshTokenOf(await login().expect(200));
      hub.clock.advance(7 * 24 * 3600 * 1000 + 1);
      await refresh(token).expect(401, { error: 'Invalid or reused refresh token' });
      const stored = await tokens().findOne({ tokenHash: sha256(token) });
      expect(stored?.revokedAt).to.deep.equal(hub.clock.now());
      expect(stored?.replacedBy).to.equal(null);
    });

    it(
      'every 401 deletes the cookie (CONTRACT 7): no or empty cookie, unknown, malformed, reused, ' + 'expired',
      async () => {
        const deleted = (res: Response) => expect(refreshSetCookie(res)).to.match(/^refresh_token=;.*Max-Age=0/);
        deleted(await refresh().expect(401, { error: 'No refresh token' }));
        deleted(
          await api()
            .post('/api/v1/auth/refresh')
            .set('Cookie', 'refresh_token=')
            .expect(401, { error: 'No refresh token' }),
        );
        deleted(await refresh('not-a-token').expect(401));
        const first = refreshTokenOf(await login().expect(200));
        await refresh(first).expect(200);
        deleted(await refresh(first).expect(401, { error: 'Invalid or reused refresh token' }));
        const token = refreshTokenOf(await login().expect(200));
        hub.clock.advance(7 * 24 * 3600 * 1000 + 1);
        deleted(await refresh(token).expect(401, { error: 'Invalid or reused refresh token' }));
      },
    );

    it('resolves role and permissions again, so a role change shows at the next refresh', async () => {
      const email = 'promoted@example.com';
      const id = await hub.createUser({ email, password: PASSWORD, orgId, role: 'MEMBER' });
      const token = refreshTokenOf(await login(email).expect(200));
      await mongo.db.collection('hub_memberships').updateOne({ userId: id, orgId }, { $set: { role: 'ADMIN' } });
      const res = await refresh(token).expect(200);
      const claims = jwt.decode(res.body.accessToken) as { role: string; permissions: string[] };
      expect(claims.role).to.equal('ADMIN');
      expect(claims.permissions).to.include('channels:edit');
    });

    it(
      'a user who left every organization: 403 User has no organization membership, the token revoked and the ' +
        'cookie deleted',
      async () => {
        const email = 'leaver@example.com';
        const id = await hub.createUser({ email, password: PASSWORD, orgId, role: 'MEMBER' });
        const token = refreshTokenOf(await login(email).expect(200));
        await mongo.db.collection('hub_memberships').deleteOne({ userId: id, orgId });
        const res = await refresh(token).expect(403, { error: 'User has no organization membership' });
        expect(refreshSetCookie(res)).to.match(/^refresh_token=;.*Max-Age=0/);
        expect(await activeCount(id)).to.equal(0);
      },
    );

    it(
      'inside the grace interval (CONTRACT 5.3) the predecessor gets 401 and its cookie is left alone; the ' +
        'successor still works',
      async () => {
        const graceful = await hubHarness(mongo, { overrides: { hubRefreshGraceMs: 10_000 } });
        const call = (token: string) =>
          request(graceful.app.callback()).post('/api/v1/auth/refresh').set('Cookie', `refresh_token=${token}`);
        const first = refreshTokenOf(
          await request(graceful.app.callback())
            .post('/api/v1/auth/login')
            .send({ email: 'ana@example.com', password: PASSWORD })
            .expect(200),
        );
        const second = refreshTokenOf(await call(first).expect(200));
        const res = await call(first).expect(401, { error: 'Invalid or reused refresh token' });
        expect(refreshSetCookie(res)).to.equal(undefined);
        await call(second).expect(200);
      },
    );
  });

  describe('POST /auth/logout and GET /auth/me', () => {
    it('logout revokes every refresh token of the user and removes the cookie', async () => {
      const email = 'leaving@example.com';
      const id = await hub.createUser({ email, password: PASSWORD, orgId, role: 'OWNER' });
      const one = await login(email).expect(200);
      await login(email).expect(200);
      expect(await activeCount(id)).to.equal(2);
      const res = await api()
        .post('/api/v1/auth/logout')
        .set('Authorization', `Bearer ${one.body.accessToken}`)
        .expect(200, { message: 'Logged out' });
      expect(refreshSetCookie(res)).to.match(/^refresh_token=;.*Path=\/api\/v1\/auth\/refresh.*Max-Age=0/);
      expect(await activeCount(id)).to.equal(0);
      await refresh(refreshTokenOf(one)).expect(401, { error: 'Invalid or reused refresh token' });
    });

    it('logout needs an access token', async () => {
      await api().post('/api/v1/auth/logout').expect(401, { error: 'Missing authorization header' });
    });

    it('me answers {user, org, permissions}', async () => {
      const res = await login().expect(200);
      const me = await api().get('/api/v1/auth/me').set('Authorization', `Bearer ${res.body.accessToken}`).expect(200);
      expect(me.body.user).to.deep.equal({ id: userId, email: 'ana@example.com', name: 'Ana', language: 'pt-BR' });
      expect(me.body.org).to.deep.equal({ id: orgId, name: 'Acme Motors', role: 'MEMBER' });
      expect(me.body.permissions).to.deep.equal([
        'leads:read',
        'leads:edit',
        'inbox:read',
        'inbox:edit',
        'channels:read',
        'templates:read',
        'pipelines:read',
      ]);
    });

    it('me for a user deleted after the token was issued: 401 Invalid or expired token', async () => {
      const email = 'deleted@example.com';
      const id = await hub.createUser({ email, password: PASSWORD, orgId, role: 'MEMBER' });
      const res = await login(email).expect(200);
      await mongo.db.collection('hub_users').deleteOne({ _id: id as never });
      await api()
        .get('/api/v1/auth/me')
        .set('Authorization', `Bearer ${res.body.accessToken}`)
        .expect(401, { error: 'Invalid or expired token' });
    });
  });

  describe('access tokens (spec part 7 messages)', () => {
    const me = (authorization?: string) => {
      const req = api().get('/api/v1/auth/me');
      return authorization === undefined ? req : req.set('Authorization', authorization);
    };
    const invalid = { error: 'Invalid or expired token' };

    it('missing header: 401 Missing authorization header', async () => {
      await me().expect(401, { error: 'Missing authorization header' });
    });

    it('malformed header, garbage, alg none, another secret: 401 Invalid or expired token', async () => {
      const good = (await login().expect(200)).body.accessToken as string;
      const claims = jwt.decode(good) as Record<string, unknown>;
      const encoded = (text: string): string => Buffer.from(text).toString('base64url');
      const none = `${encoded('{"alg":"none","typ":"JWT"}')}.${encoded(JSON.stringify(claims))}.`;
      const otherSecret = jwt.sign(claims, 'another-secret-another-secret-another-secret', {
        algorithm: 'HS256',
        noTimestamp: true,
      });
      await me(good).expect(401, invalid);
      await me(`Basic ${good}`).expect(401, invalid);
      await me('Bearer not.a.jwt').expect(401, invalid);
      await me(`Bearer ${none}`).expect(401, invalid);
      await me(`Bearer ${otherSecret}`).expect(401, invalid);
    });

    it('a refresh token as bearer: 401', async () => {
      const refreshToken = refreshTokenOf(await login().expect(200));
      await me(`Bearer ${refreshToken}`).expect(401, invalid);
    });

    it('an expired access token: 401', async () => {
      const token = (await login().expect(200)).body.accessToken as string;
      hub.clock.advance(899_000);
      await me(`Bearer ${token}`).expect(200);
      hub.clock.advance(1_000);
      await me(`Bearer ${token}`).expect(401, invalid);
    });
  });
});

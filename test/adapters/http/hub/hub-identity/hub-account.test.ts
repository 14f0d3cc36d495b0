import { expect } from 'chai';
import request from 'supertest';
import type { MongoConnection } from '../../../../../src/adapters/mongo/shared/mongo-connection';
import { connectTestDatabase } from '../../../../support/mongo';
import { hubHarness, refreshSetCookie, refreshTokenOf, type HubHarness } from '../../../../support/hub';

const PASSWORD = 'original-password';

describe('hub register and password reset HTTP', () => {
  let mongo: MongoConnection;
  let hub: HubHarness;
  before(async () => {
    mongo = await connectTestDatabase();
    hub = await hubHarness(mongo);
  });
  after(async () => {
    await mongo.close();
  });
  const api = () => request(hub.app.callback());

  describe('POST /auth/register (CONTRACT 5.2)', () => {
    it('creates the user, an organization with the user as OWNER, and a session: 201', async () => {
      const res = await api()
        .post('/api/v1/auth/register')
        .send({
          email: ' New@Example.com',
          password: PASSWORD,
          name: 'Nina',
          organizationName: 'Nina Seguros',
          extra: 'ignored',
        })
        .expect(201);
      expect(res.body.user).to.include({ email: 'new@example.com', name: 'Nina' });
      expect(res.body.org).to.include({ name: 'Nina Seguros', role: 'OWNER' });
      expect(refreshSetCookie(res)).to.contain('Path=/api/v1/auth/refresh');
      const org = await mongo.db.collection('hub_organizations').findOne({ _id: res.body.org.id });
      expect(org).to.include({ slug: 'nina-seguros' });
      expect(org).not.to.have.property('extra');
      await api().get('/api/v1/auth/me').set('Authorization', `Bearer ${res.body.accessToken}`).expect(200);
    });

    it('answers 409 Email already registered and creates no organization', async () => {
      const before = await mongo.db.collection('hub_organizations').countDocuments();
      await api()
        .post('/api/v1/auth/register')
        .send({ email: 'new@example.com', password: PASSWORD, name: 'Other', organizationName: 'Other Org' })
        .expect(409, { error: 'Email already registered' });
      expect(await mongo.db.collection('hub_organizations').countDocuments()).to.equal(before);
    });

    it('answers 400 Validation error with details per field and writes nothing', async () => {
      const res = await api()
        .post('/api/v1/auth/register')
        .send({ email: 'bad', password: 'short', name: { $ne: null } })
        .expect(400);
      expect(res.body).to.deep.equal({
        error: 'Validation error',
        details: {
          email: ['Invalid email'],
          password: ['password must be at least 8 characters'],
          name: ['name must be a string'],
          organizationName: ['organizationName is required'],
        },
      });
      expect(await mongo.db.collection('hub_users').countDocuments({ email: 'bad' })).to.equal(0);
    });
  });

  describe('forgot and reset password (CONTRACT 7)', () => {
    let orgId: string;
    before(async () => {
      orgId = await hub.createOrg('Reset Org');
      await hub.createUser({ email: 'forgetful@example.com', password: PASSWORD, orgId, role: 'MEMBER' });
    });
    const generic = { message: 'If the e-mail is registered, a reset link has been sent' };
    const tokenFromMail = (): string => {
      const text = hub.mails.at(-1)?.text ?? '';
      return /token=([0-9a-f]+)/.exec(text)?.[1] ?? '';
    };

    it('always answers 200 and mails a link only to a known account', async () => {
      const sent = hub.mails.length;
      await api().post('/api/v1/auth/forgot-password').send({ email: 'nobody@example.com' }).expect(200, generic);
      expect(hub.mails).to.have.length(sent);
      await api().post('/api/v1/auth/forgot-password').send({ email: ' Forgetful@example.com ' }).expect(200, generic);
      expect(hub.mails).to.have.length(sent + 1);
      expect(hub.mails.at(-1)?.to).to.equal('forgetful@example.com');
      expect(hub.mails.at(-1)?.text).to.match(/\/reset-password\?token=[0-9a-f]{64}/);
    });

    it('malformed public bodies answer 400 in the hub format and mail nothing (CONTRACT 7)', async () => {
      const sent = hub.mails.length;
      const json = (path: string, body: string) =>
        api().post(`/api/v1/auth/${path}`).set('Content-Type', 'application/json').send(body);
      const malformed: [string, string][] = [
        ['forgot-password', '{}'],
        ['forgot-password', JSON.stringify({ email: null })],
        ['forgot-password', JSON.stringify({ email: 5 })],
        ['forgot-password', JSON.stringify({ email: { $ne: null } })],
        ['forgot-password', JSON.stringify(['forgetful@example.com'])],
        ['forgot-password', '{"email": '],
        ['login', '{}'],
        ['login', JSON.stringify({ email: 'forgetful@example.com', password: 5 })],
        ['login', '"forgetful@example.com"'],
        ['register', JSON.stringify({ email: 'new@example.com' })],
        ['reset-password', JSON.stringify({ token: 'f'.repeat(64) })],
        ['reset-password', '{"token": '],
      ];
      for (const [path, body] of malformed) {
        const res = await json(path, body);
        expect(res.status, `${path} ${body}`).to.equal(400);
        expect(res.body.error, `${path} ${body}`).to.be.a('string');
      }
      expect(hub.mails).to.have.length(sent);
    });

    it('resets once, revokes every refresh token, and refuses the link a second time', async () => {
      const session = await api()
        .post('/api/v1/auth/login')
        .send({ email: 'forgetful@example.com', password: PASSWORD })
        .expect(200);
      await api().post('/api/v1/auth/forgot-password').send({ email: 'forgetful@example.com' }).expect(200);
      const token = tokenFromMail();
      await api()
        .post('/api/v1/auth/reset-password')
        .send({ token, newPassword: 'brand-new-password' })
        .expect(200, { message: 'Password updated' });
      await api()
        .post('/api/v1/auth/refresh')
        .set('Cookie', `refresh_token=${refreshTokenOf(session)}`)
        .expect(401);
      await api()
        .post('/api/v1/auth/reset-password')
        .send({ token, newPassword: 'another-password' })
        .expect(401, { error: 'Reset link already used' });
      await api().post('/api/v1/auth/login').send({ email: 'forgetful@example.com', password: PASSWORD }).expect(401);
      await api()
        .post('/api/v1/auth/login')
        .send({ email: 'forgetful@example.com', password: 'brand-new-password' })
        .expect(200);
    });

    it('refuses an unknown or expired token with 401 and a missing token with 400', async () => {
      await api()
        .post('/api/v1/auth/reset-password')
        .send({ token: 'f'.repeat(64), newPassword: 'whatever-password' })
        .expect(401, { error: 'Invalid or expired reset token' });
      await api().post('/api/v1/auth/forgot-password').send({ email: 'forgetful@example.com' }).expect(200);
      const token = tokenFromMail();
      hub.clock.advance(60 * 60 * 1000);
      await api()
        .post('/api/v1/auth/reset-password')
        .send({ token, newPassword: 'whatever-password' })
        .expect(401, { error: 'Invalid or expired reset token' });
      await api()
        .post('/api/v1/auth/reset-password')
        .send({ newPassword: 'whatever-password' })
        .expect(400, { error: 'Token is required' });
      await api()
        .post('/api/v1/auth/reset-password')
        .send({ token: { $ne: null }, newPassword: 'whatever-password' })
        .expect(400, { error: 'Token is required' });
      const short = await api().post('/api/v1/auth/reset-password').send({ token, newPassword: 'short' }).expect(400);
      expect(short.body).to.deep.equal({
        error: 'Validation error',
        details: { newPassword: ['newPassword must be at least 8 characters'] },
      });
    });
  });
});

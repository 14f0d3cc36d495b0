import { expect } from 'chai';
import request from 'supertest';
import type { MongoConnection } from '../../../../../src/adapters/mongo/shared/mongo-connection';
import { GatedPasswordHasher } from '../../../../support/fakes/gated-password-hasher';
import { hubHarness, type HubHarness } from '../../../../support/hub';
import { connectTestDatabase } from '../../../../support/mongo';
import { firstAnswers } from '../../../../support/saturate';
import { rebinding } from '../../../../../src/composition/container';
import { PasswordHashing } from '../../../../../src/composition/platform';

const PASSWORD = 'correct-horse-9';

// CONTRACT 9.5: one hash at a time here, with `queue` waiting; past that a request answers 503 at once.
describe('hub password hashing under a login flood (CONTRACT 9.5)', () => {
  let mongo: MongoConnection;
  let hasher: GatedPasswordHasher;
  beforeEach(async () => {
    mongo = await connectTestDatabase();
    hasher = new GatedPasswordHasher();
  });
  afterEach(async () => {
    hasher.open();
    await mongo.close();
  });

  const harness = (queue: number): Promise<HubHarness> =>
    hubHarness(mongo, {
      env: { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: String(queue) },
      overrides: { rebind: [rebinding(PasswordHashing, hasher)] },
    });
  const login = (hub: HubHarness, email: string, password = PASSWORD) =>
    request(hub.app.callback()).post('/api/v1/auth/login').send({ email, password });

  /** One hash at a time, no queue, and a wrong-password login holding the slot: the next hash is refused. */
  const saturated = async () => {
    const hub = await harness(0);
    const orgId = await hub.createOrg('Acme Motors');
    await hub.createUser({ email: 'ana@example.com', password: PASSWORD, orgId, role: 'MEMBER' });
    hasher.close();
    const held = login(hub, 'ana@example.com', 'wrong-password').then((res) => res);
    await hasher.whenStarted(2);
    return { hub, held };
  };

  it(
    'answers logins past the queue 503 with Retry-After in the hub error format, writes nothing for them, and ' +
      'serves the others',
    async () => {
      const hub = await harness(1);
      const orgId = await hub.createOrg('Acme Motors');
      await hub.createUser({ email: 'ana@example.com', password: PASSWORD, orgId, role: 'MEMBER' });
      const sessions = () => mongo.db.collection('hub_refresh_tokens').countDocuments();
      hasher.close();
      const { first, all } = firstAnswers(
        Array.from({ length: 5 }, () => login(hub, 'ana@example.com')),
        3,
      );
      for (const res of await first) {
        expect(res.status).to.equal(503);
        expect(res.headers['retry-after']).to.equal('1');
        expect(res.body).to.deep.equal({ error: 'Service unavailable' });
        expect(res.headers['set-cookie']).to.equal(undefined);
      }
      expect(await sessions()).to.equal(0);
      hasher.open();
      expect((await all).map((res) => res.status).sort()).to.deep.equal([200, 200, 503, 503, 503]);
      expect(await sessions()).to.equal(2);
    },
  );

  it('refuses saturated login, register and reset before their bodies are read (malformed: 503, not 400)', async () => {
    const { hub, held } = await saturated();
    for (const path of ['/api/v1/auth/login', '/api/v1/auth/register', '/api/v1/auth/reset-password']) {
      const res = await request(hub.app.callback())
        .post(path)
        .set('content-type', 'application/json')
        .send('{"email": ');
      expect(res.status, path).to.equal(503);
      expect(res.body, path).to.deep.equal({ error: 'Service unavailable' });
    }
    hasher.open();
    expect((await held).status).to.equal(401);
    const judged = await request(hub.app.callback())
      .post('/api/v1/auth/login')
      .set('content-type', 'application/json')
      .send('{"email": ');
    expect(judged.status).to.equal(400);
  });

  it('refuses an unknown e-mail exactly like a known one while hashing is saturated (no account oracle)', async () => {
    const { hub, held } = await saturated();
    const known = await login(hub, 'ana@example.com');
    const unknown = await login(hub, 'nobody@example.com');
    expect([known.status, unknown.status]).to.deep.equal([503, 503]);
    expect(unknown.body).to.deep.equal(known.body);
    expect(unknown.headers['retry-after']).to.equal(known.headers['retry-after']);
    hasher.open();
    expect((await held).status).to.equal(401);
  });

  it('refuses a registration for capacity without creating the user or an organization', async () => {
    const hub = await harness(0);
    const orgId = await hub.createOrg('Acme Motors');
    await hub.createUser({ email: 'ana@example.com', password: PASSWORD, orgId, role: 'MEMBER' });
    hasher.close();
    const held = login(hub, 'ana@example.com').then((res) => res);
    await hasher.whenStarted(2);
    const register = () =>
      request(hub.app.callback())
        .post('/api/v1/auth/register')
        .send({ email: 'new@example.com', password: PASSWORD, name: 'Nina', organizationName: 'Nina Seguros' });
    const refused = await register();
    expect(refused.status).to.equal(503);
    expect(refused.headers['retry-after']).to.equal('1');
    expect(refused.body).to.deep.equal({ error: 'Service unavailable' });
    expect(await mongo.db.collection('hub_users').countDocuments({ email: 'new@example.com' })).to.equal(0);
    expect(await mongo.db.collection('hub_organizations').countDocuments({ name: 'Nina Seguros' })).to.equal(0);
    hasher.open();
    await held;
    await register().expect(201);
  });
});

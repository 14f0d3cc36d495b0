import { createHash } from 'node:crypto';
import { expect } from 'chai';
import request from 'supertest';
import { openSalesRuntime, cookieValueOf, type SalesRuntime } from '../../../../support/sales-runtime';

describe('sales /api-keys endpoints', () => {
  let sales: SalesRuntime;
  let admin: { id: string; email: string; cookie: string };
  let operator: { id: string; email: string; cookie: string };

  before(async () => {
    sales = await openSalesRuntime();
    const make = async (role: 'admin' | 'operator') => {
      const user = await sales.createUser({ role });
      const res = await request(sales.callback)
        .post('/auth/login')
        .send({ email: user.email, password: user.password })
        .expect(200);
      return {
        id: user.id,
        email: user.email,
        cookie: `access_token=${cookieValueOf(res.headers['set-cookie'], 'access_token') ?? ''}`,
      };
    };
    admin = await make('admin');
    operator = await make('operator');
  });
  after(async () => {
    await sales.close();
  });

  const create = (cookie: string, email: unknown) =>
    request(sales.callback).post('/api-keys').set('Cookie', cookie).send({ email });

  it('creates a key for the operator itself: 201 {id, key, user}; only the SHA-256 is stored', async () => {
    const res = await create(operator.cookie, operator.email.toUpperCase()).expect(201);
    expect(res.body.key).to.match(/^[0-9a-f]{64}$/);
    expect(res.body).to.deep.equal({
      id: res.body.id,
      key: res.body.key,
      user: { id: operator.id, email: operator.email },
    });
    const stored = await sales.db.collection('api_keys').findOne({ _id: res.body.id });
    expect(stored?.keyHash).to.equal(createHash('sha256').update(res.body.key).digest('hex'));
    expect(JSON.stringify(stored)).not.to.contain(res.body.key);
    const who = await request(sales.callback).get('/audit-logs').set('x-api-key', res.body.key).expect(403);
    expect(who.body.statusCode).to.equal(403);
  });

  it('refuses an operator a key for someone else (403) and answers an admin 404 for an unknown e-mail', async () => {
    await create(operator.cookie, admin.email).expect(403);
    const other = await create(admin.cookie, operator.email).expect(201);
    expect(other.body.user).to.deep.equal({ id: operator.id, email: operator.email });
    const unknown = await create(admin.cookie, 'nobody@example.com').expect(404);
    expect(unknown.body).to.include({ statusCode: 404, message: 'User not found' });
  });

  it('requires a JWT (not an API key) and a valid body', async () => {
    const key = (await sales.createApiKey(operator.email)).key;
    await request(sales.callback).post('/api-keys').set('x-api-key', key).send({ email: operator.email }).expect(401);
    await request(sales.callback).post('/api-keys').send({ email: operator.email }).expect(401);
    const bad = await create(operator.cookie, { $ne: null }).expect(400);
    expect(bad.body.error).to.deep.equal(['email must be a string']);
  });

  it('lists own keys for a user and every key for an admin, never the key', async () => {
    const mine = await request(sales.callback).get('/api-keys').set('Cookie', operator.cookie).expect(200);
    expect(mine.body.data.length).to.be.greaterThan(0);
    for (const item of mine.body.data) {
      expect(item.user.id).to.equal(operator.id);
      expect(item).not.to.have.property('key');
      expect(item).not.to.have.property('keyHash');
    }
    await sales.createApiKey(admin.email);
    const all = await request(sales.callback).get('/api-keys').set('Cookie', admin.cookie).expect(200);
    const owners = new Set(all.body.data.map((item: { user: { id: string } }) => item.user.id));
    expect([...owners]).to.include.members([admin.id, operator.id]);
  });

  it('revokes a key: it stops authenticating at once; others cannot revoke it; unknown id is 404', async () => {
    const created = await create(operator.cookie, operator.email).expect(201);
    await request(sales.callback).get('/api-keys').set('x-api-key', created.body.key).expect(401);
    const adminKey = await sales.createApiKey(admin.email);
    await request(sales.callback).get('/audit-logs').set('x-api-key', adminKey.key).expect(200);

    await request(sales.callback).delete(`/api-keys/${adminKey.id}`).set('Cookie', operator.cookie).expect(403);
    const revoked = await request(sales.callback)
      .delete(`/api-keys/${adminKey.id}`)
      .set('Cookie', admin.cookie)
      .expect(200);
    expect(revoked.body).to.include({ message: 'API key revoked', id: adminKey.id });
    await request(sales.callback).get('/audit-logs').set('x-api-key', adminKey.key).expect(401);
    await request(sales.callback)
      .delete('/api-keys/00000000-0000-4000-8000-000000000000')
      .set('Cookie', admin.cookie)
      .expect(404);
  });
});

import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { savedFiltersCollection } from '../../../../../src/adapters/mongo/saved-filters/saved-filter-collection';
import { cookiePairs, openSalesRuntime, type SalesRuntime } from '../../../../support/sales-runtime';

describe('saved filter routes (spec part 4, CONTRACT 8.5)', () => {
  let rt: SalesRuntime;
  let keyA: string;
  let keyB: string;
  let emailA: string;

  beforeEach(async () => {
    rt = await openSalesRuntime();
    const a = await rt.createUser({ role: 'operator' });
    const b = await rt.createUser({ role: 'admin' });
    emailA = a.email;
    keyA = (await rt.createApiKey(a.email)).key;
    keyB = (await rt.createApiKey(b.email)).key;
  });
  afterEach(() => rt.close());

  const api = () => request(rt.callback);
  const body = (overrides: Record<string, unknown> = {}) => ({
    name: 'Pendentes',
    resource: 'sales',
    query: { processed: false, page: 1, search: 'ana' },
    ...overrides,
  });
  const create = (key: string, b: Record<string, unknown> = body()) =>
    api().post('/user/saved-filters').set('x-api-key', key).send(b);
  const stored = () => savedFiltersCollection(rt.db).countDocuments({});

  it(
    'creates (201) a filter answered as {id, name, resource, query, createdAt, updatedAt}, and gets it ' + 'back',
    async () => {
      const res = await create(keyA).expect(201);
      expect(Object.keys(res.body).sort()).to.deep.equal(['createdAt', 'id', 'name', 'query', 'resource', 'updatedAt']);
      expect(res.body).to.include({ name: 'Pendentes', resource: 'sales' });
      expect(res.body.query).to.deep.equal({ processed: false, page: 1, search: 'ana' });
      expect(res.body.createdAt).to.equal(res.body.updatedAt);
      const got = await api().get(`/user/saved-filters/${res.body.id}`).set('x-api-key', keyA).expect(200);
      expect(got.body).to.deep.equal(res.body);
    },
  );

  it('accepts the JWT (cookie and Bearer) as well as the API key; 401 without a credential', async () => {
    const login = await api()
      .post('/auth/login')
      .send({ email: emailA, password: 'correct horse battery' })
      .expect(200);
    const cookies = cookiePairs(login.headers['set-cookie']);
    const res = await api().post('/user/saved-filters').set('Cookie', cookies).send(body()).expect(201);
    const token = cookies.find((c) => c.startsWith('access_token='))?.slice('access_token='.length) ?? '';
    await api().get(`/user/saved-filters/${res.body.id}`).set('Authorization', `Bearer ${token}`).expect(200);
    await api().get(`/user/saved-filters/${res.body.id}`).set('x-api-key', keyA).expect(200);
    const unauthorized = await api().get('/user/saved-filters').expect(401);
    expect(unauthorized.body).to.include({ statusCode: 401 });
    await api()
      .post('/user/saved-filters')
      .send(body({ name: 'x' }))
      .expect(401);
    expect(await stored()).to.equal(1);
  });

  it("lists the caller's own filters (by resource, then name), of one resource with ?resource=", async () => {
    await create(keyA, body({ name: 'b' })).expect(201);
    await create(keyA, body({ name: 'a', resource: 'policies', query: { status: 'active' } })).expect(201);
    await create(keyB, body({ name: 'other' })).expect(201);
    const all = await api().get('/user/saved-filters').set('x-api-key', keyA).expect(200);
    expect(all.body.data.map((f: { name: string }) => f.name)).to.deep.equal(['a', 'b']);
    const policies = await api().get('/user/saved-filters?resource=policies').set('x-api-key', keyA).expect(200);
    expect(policies.body.data.map((f: { name: string }) => f.name)).to.deep.equal(['a']);
    const bad = await api().get('/user/saved-filters?resource=vendors').set('x-api-key', keyA).expect(400);
    expect(bad.body.error).to.deep.equal(['resource must be one of sales, sdr-contacts, sdr-sessions, policies']);
  });

  it(
    'answers a page like every list: {data, total, page, limit, hasMore}, page and limit as everywhere ' + 'else',
    async () => {
      for (const name of ['e', 'a', 'd', 'c', 'b']) await create(keyA, body({ name })).expect(201);
      await create(keyA, body({ name: 'p', resource: 'policies', query: {} })).expect(201);
      await create(keyB, body({ name: 'other' })).expect(201);
      const first = await api().get('/user/saved-filters').set('x-api-key', keyA).expect(200);
      expect(Object.keys(first.body).sort()).to.deep.equal(['data', 'hasMore', 'limit', 'page', 'total']);
      expect(first.body).to.deep.include({ total: 6, page: 1, limit: 20, hasMore: false });
      const pageOf = async (query: string) => {
        const res = await api().get(`/user/saved-filters?${query}`).set('x-api-key', keyA).expect(200);
        const { data, ...rest } = res.body as { data: { name: string }[] };
        return { names: data.map((f) => f.name), ...rest };
      };
      expect(await pageOf('resource=sales&limit=2')).to.deep.equal({
        names: ['a', 'b'],
        total: 5,
        page: 1,
        limit: 2,
        hasMore: true,
      });
      expect(await pageOf('resource=sales&limit=2&page=2')).to.deep.equal({
        names: ['c', 'd'],
        total: 5,
        page: 2,
        limit: 2,
        hasMore: true,
      });
      expect(await pageOf('resource=sales&limit=2&page=3')).to.deep.equal({
        names: ['e'],
        total: 5,
        page: 3,
        limit: 2,
        hasMore: false,
      });
      expect(await pageOf('resource=sales&limit=2&page=4')).to.deep.equal({
        names: [],
        total: 5,
        page: 4,
        limit: 2,
        hasMore: false,
      });
      expect(await pageOf('limit=100')).to.deep.include({ total: 6, hasMore: false });
    },
  );

  it('refuses bad paging with 400, one message per problem', async () => {
    const error = async (query: string) =>
      (await api().get(`/user/saved-filters?${query}`).set('x-api-key', keyA).expect(400)).body.error as string[];
    expect(await error('page=0')).to.deep.equal(['page must be an integer from 1 to 1000000']);
    expect(await error('limit=101')).to.deep.equal(['limit must be an integer from 1 to 100']);
    expect(await error('limit=abc&page=-1')).to.have.members([
      'page must be an integer from 1 to 1000000',
      'limit must be an integer from 1 to 100',
    ]);
    expect(await error('limit=0&resource=vendors')).to.have.members([
      'limit must be an integer from 1 to 100',
      'resource must be one of sales, sdr-contacts, sdr-sessions, policies',
    ]);
    expect(await error('page=1&page=2')).to.deep.equal(['page must be given once']);
    expect(await error('resource=sales&resource=policies')).to.deep.equal(['resource must be given once']);
  });

  it('renames with PATCH {name}: 200 {}; the new name is stored and updatedAt moves', async () => {
    const created = await create(keyA).expect(201);
    const res = await api()
      .patch(`/user/saved-filters/${created.body.id}`)
      .set('x-api-key', keyA)
      .send({ name: '  Renomeado ' })
      .expect(200);
    expect(res.body).to.deep.equal({});
    const got = await api().get(`/user/saved-filters/${created.body.id}`).set('x-api-key', keyA).expect(200);
    expect(got.body).to.include({ name: 'Renomeado', createdAt: created.body.createdAt });
    expect(got.body.query).to.deep.equal(created.body.query);
    expect(Date.parse(got.body.updatedAt)).to.be.at.least(Date.parse(created.body.updatedAt));
  });

  it('deletes with 204; the filter is gone (404 after)', async () => {
    const created = await create(keyA).expect(201);
    const res = await api().delete(`/user/saved-filters/${created.body.id}`).set('x-api-key', keyA).expect(204);
    expect(res.text).to.equal('');
    await api().get(`/user/saved-filters/${created.body.id}`).set('x-api-key', keyA).expect(404);
    await api().delete(`/user/saved-filters/${created.body.id}`).set('x-api-key', keyA).expect(404);
    expect(await stored()).to.equal(0);
  });

  it(
    'another user\'s filter is 404 "Saved filter not found" for get, rename and delete, and stays as it ' + 'was',
    async () => {
      const created = await create(keyA).expect(201);
      for (const call of [
        api().get(`/user/saved-filters/${created.body.id}`),
        api().patch(`/user/saved-filters/${created.body.id}`).send({ name: 'mine now' }),
        api().delete(`/user/saved-filters/${created.body.id}`),
      ]) {
        const res = await call.set('x-api-key', keyB).expect(404);
        expect(res.body).to.include({ statusCode: 404, message: 'Saved filter not found' });
      }
      const got = await api().get(`/user/saved-filters/${created.body.id}`).set('x-api-key', keyA).expect(200);
      expect(got.body).to.deep.equal(created.body);
      const unknown = await api().get(`/user/saved-filters/${randomUUID()}`).set('x-api-key', keyA).expect(404);
      expect(unknown.body.message).to.equal('Saved filter not found');
    },
  );

  it(
    'the same name twice for one user and resource is 409, on create and on rename; other resources and users may ' +
      'reuse it',
    async () => {
      const first = await create(keyA).expect(201);
      const dup = await create(keyA, body({ name: ' Pendentes ' })).expect(409);
      expect(dup.body).to.include({
        statusCode: 409,
        message: 'A saved filter named "Pendentes" already exists for sales',
      });
      await create(keyA, body({ resource: 'sdr-contacts' })).expect(201);
      await create(keyB).expect(201);
      const second = await create(keyA, body({ name: 'Outro' })).expect(201);
      await api()
        .patch(`/user/saved-filters/${second.body.id}`)
        .set('x-api-key', keyA)
        .send({ name: 'Pendentes' })
        .expect(409);
      const got = await api().get(`/user/saved-filters/${second.body.id}`).set('x-api-key', keyA).expect(200);
      expect(got.body.name).to.equal('Outro');
      // Renaming a filter to its own name is not a conflict.
      await api()
        .patch(`/user/saved-filters/${first.body.id}`)
        .set('x-api-key', keyA)
        .send({ name: 'Pendentes' })
        .expect(200);
      expect(await stored()).to.equal(4);
    },
  );

  it(
    'every broken rule of the creation body is a 400 with one message per problem, and nothing is ' + 'written',
    async () => {
      const cases: [unknown, string[]][] = [
        [{ resource: 'sales', query: {} }, ['name is required']],
        [body({ name: '' }), ['name must not be empty']],
        [body({ name: '   ' }), ['name must not be empty']],
        [body({ name: 'x'.repeat(101) }), ['name must be at most 100 characters']],
        [body({ name: 7 }), ['name must be a string']],
        [body({ resource: 'vendors' }), ['resource must be one of sales, sdr-contacts, sdr-sessions, policies']],
        [{ name: 'n', resource: 'sales' }, ['query is required']],
        [body({ query: [] }), ['query must be an object']],
        [body({ query: 'status=active' }), ['query must be an object']],
        [
          body({ query: { a: { $ne: null }, b: null, c: [1] } }),
          [
            'query.a must be a string, a number or a boolean',
            'query.b must be a string, a number or a boolean',
            'query.c must be a string, a number or a boolean',
          ],
        ],
        [body({ query: { q: 'x'.repeat(4089) } }), ['query must be at most 4096 bytes as JSON']],
        [body({ owner: 'someone-else' }), ['owner is not allowed']],
        [
          { name: '', resource: 'x', query: 1, extra: true },
          [
            'extra is not allowed',
            'resource must be one of sales, sdr-contacts, sdr-sessions, policies',
            'name must not be empty',
            'query must be an object',
          ],
        ],
        [[body()], ['body must be a JSON object']],
      ];
      for (const [b, messages] of cases) {
        const res = await api()
          .post('/user/saved-filters')
          .set('x-api-key', keyA)
          .send(b as object)
          .expect(400);
        expect(res.body).to.include({ statusCode: 400, path: '/user/saved-filters' });
        expect(res.body.error, JSON.stringify(b).slice(0, 80)).to.have.members(messages);
        expect(res.body.error).to.have.length(messages.length);
      }
      expect(await stored()).to.equal(0);
    },
  );

  it('a query of exactly 4096 bytes is accepted', async () => {
    await create(keyA, body({ query: { q: 'x'.repeat(4088) } })).expect(201);
  });

  it('every broken rule of the rename body is a 400 and the name is unchanged', async () => {
    const created = await create(keyA).expect(201);
    const cases: [unknown, string[]][] = [
      [{}, ['name is required']],
      [{ name: '' }, ['name must not be empty']],
      [{ name: 'x'.repeat(101) }, ['name must be at most 100 characters']],
      [{ name: null }, ['name must be a string']],
      [{ name: 'ok', resource: 'policies' }, ['resource is not allowed']],
    ];
    for (const [b, messages] of cases) {
      const res = await api()
        .patch(`/user/saved-filters/${created.body.id}`)
        .set('x-api-key', keyA)
        .send(b as object)
        .expect(400);
      expect(res.body.error).to.have.members(messages);
    }
    const got = await api().get(`/user/saved-filters/${created.body.id}`).set('x-api-key', keyA).expect(200);
    expect(got.body).to.deep.equal(created.body);
  });
});

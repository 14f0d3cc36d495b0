import { expect } from 'chai';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import request from 'supertest';
import { GatedPasswordHasher } from '../../../../support/fakes/gated-password-hasher';
import { firstAnswers } from '../../../../support/saturate';
import { openSalesRuntime, type SalesRuntime } from '../../../../support/sales-runtime';
import { rebinding } from '../../../../../src/composition/container';
import { PasswordHashing } from '../../../../../src/composition/platform';

// CONTRACT 9.5: one hash at a time here, with `queue` waiting; past that a request answers 503 at once.
describe('sales password hashing under a login flood (CONTRACT 9.5)', () => {
  let sales: SalesRuntime | undefined;
  let hasher: GatedPasswordHasher;
  const open = async (queue: number): Promise<SalesRuntime> => {
    hasher = new GatedPasswordHasher();
    sales = await openSalesRuntime({
      env: { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: String(queue) },
      overrides: { rebind: [rebinding(PasswordHashing, hasher)] },
    });
    return sales;
  };
  afterEach(async () => {
    hasher.open();
    await sales?.close();
    sales = undefined;
  });

  const login = (sales: SalesRuntime, email: string, password: string) =>
    request(sales.callback).post('/auth/login').send({ email, password });

  it(
    'answers logins past the queue 503 with Retry-After in the sales error format, writes nothing for them, and ' +
      'serves the others',
    async () => {
      const sales = await open(1);
      const refreshTokens = () => sales.db.collection('sales_refresh_tokens').countDocuments();
      const user = await sales.createUser({});
      hasher.close();
      const { first, all } = firstAnswers(
        Array.from({ length: 5 }, () => login(sales, user.email, user.password)),
        3,
      );
      const refused = await first;
      for (const res of refused) {
        expect(res.status).to.equal(503);
        expect(res.headers['retry-after']).to.equal('1');
        expect(res.body).to.include({
          statusCode: 503,
          message: 'Service unavailable - Please try again later',
          path: '/auth/login',
        });
        expect(res.body.timestamp).to.be.a('string');
        expect(res.headers['set-cookie']).to.equal(undefined);
      }
      expect(await refreshTokens()).to.equal(0);
      hasher.open();
      const statuses = (await all).map((res) => res.status).sort();
      expect(statuses).to.deep.equal([200, 200, 503, 503, 503]);
      expect(await refreshTokens()).to.equal(2);
    },
  );

  it('refuses an unknown e-mail exactly like a known one while hashing is saturated (no account oracle)', async () => {
    const sales = await open(0);
    const user = await sales.createUser({});
    hasher.close();
    const held = login(sales, user.email, 'wrong password').then((res) => res);
    await hasher.whenStarted(2);
    const known = await login(sales, user.email, user.password);
    const unknown = await login(sales, 'nobody@example.com', user.password);
    expect(known.status).to.equal(503);
    expect(unknown.status).to.equal(503);
    expect(unknown.headers['retry-after']).to.equal(known.headers['retry-after']);
    // The stack (shown outside production only) is where each was refused; the answer is the same.
    expect({ ...unknown.body, timestamp: '', stack: '' }).to.deep.equal({ ...known.body, timestamp: '', stack: '' });
    hasher.open();
    expect((await held).status).to.equal(401);
  });

  it(
    'refuses a saturated login before its body is read (a malformed one is 503, not 400), and serves the routes ' +
      'that do not hash',
    async () => {
      const sales = await open(0);
      const user = await sales.createUser({});
      hasher.close();
      const held = login(sales, user.email, 'wrong password').then((res) => res);
      await hasher.whenStarted(2);
      const malformed = await request(sales.callback)
        .post('/auth/login')
        .set('content-type', 'application/json')
        .send('{"email": ');
      expect(malformed.status).to.equal(503);
      expect(malformed.headers['retry-after']).to.equal('1');
      const missingFields = await request(sales.callback).post('/auth/login').send({});
      expect(missingFields.status).to.equal(503);
      await request(sales.callback).post('/auth/forgot-password').send({ email: user.email }).expect(200);
      hasher.open();
      expect((await held).status).to.equal(401);
      // Capacity back: the same malformed body is judged again.
      expect(
        (await request(sales.callback).post('/auth/login').set('content-type', 'application/json').send('{"email": '))
          .status,
      ).to.equal(400);
    },
  );

  it(
    'answers the refusal at once, then holds the next login on that connection until its Retry-After has passed, ' +
      'not its other requests',
    async () => {
      const sales = await open(0);
      const user = await sales.createUser({});
      hasher.close();
      const held = login(sales, user.email, 'wrong password').then((res) => res);
      await hasher.whenStarted(2);
      // Koa answers every request itself (errors through ctx.onerror), so its promise is left unawaited
      // oxlint-disable-next-line typescript/no-misused-promises
      const server = createServer(sales.callback).listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
      try {
        let received = '';
        socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
        const answers = () => (received.match(/HTTP\/1\.1 \d{3}/g) ?? []).length;
        const answered = (count: number) =>
          new Promise<void>((resolve) => {
            const check = () => (answers() >= count ? resolve() : setTimeout(check, 10));
            check();
          });
        const body = JSON.stringify({ email: user.email, password: user.password });
        const loginRequest =
          `POST /auth/login HTTP/1.1\r\nHost: sales.test\r\nContent-Type: ` +
          `application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
        socket.write(loginRequest);
        await answered(1);
        const refusedAt = Date.now();
        expect(received).to.match(/^HTTP\/1\.1 503 /);
        expect(received).to.match(/\r\nretry-after: 1\r\n/i);
        // Another kind of request on the held connection is served at once (a proxy's upstream
        // connection carries other clients' requests).
        socket.write('GET /healthz HTTP/1.1\r\nHost: sales.test\r\n\r\n');
        await answered(2);
        expect(Date.now() - refusedAt, 'the probe was not held').to.be.lessThan(900);
        expect(received).to.match(/HTTP\/1\.1 200 [^]*"status":"ok"/);
        // The next login waits out the Retry-After before anything is done for it.
        socket.write(loginRequest);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(answers(), 'the login is held').to.equal(2);
        await answered(3);
        expect(Date.now() - refusedAt, 'answered once the hold is over').to.be.greaterThan(700);
        // A new connection is not held.
        await request(sales.callback).get('/healthz').expect(200);
      } finally {
        socket.destroy();
        server.close();
        hasher.open();
        await held;
      }
    },
  );

  it('keeps a reset token usable when the reset was refused for capacity', async () => {
    const sales = await open(0);
    const user = await sales.createUser({});
    const mail = sales.mailer.next();
    await request(sales.callback).post('/auth/forgot-password').send({ email: user.email }).expect(200);
    const token = /token=([0-9a-f]{64})/.exec((await mail).text)?.[1] ?? '';
    hasher.close();
    const held = login(sales, user.email, user.password).then((res) => res);
    await hasher.whenStarted(2);
    const refused = await request(sales.callback)
      .post('/auth/reset-password')
      .send({ token, newPassword: 'a new password' });
    expect(refused.status).to.equal(503);
    expect(refused.headers['retry-after']).to.equal('1');
    hasher.open();
    await held;
    await request(sales.callback)
      .post('/auth/reset-password')
      .send({ token, newPassword: 'a new password' })
      .expect(200);
    await login(sales, user.email, 'a new password').expect(200);
  });
});

import { expect } from 'chai';
import { jwtVerify } from 'jose';
import request from 'supertest';
import {
  openSalesRuntime,
  cookiePairs,
  cookieValueOf,
  setCookieLine,
  TEST_JWT_SECRET,
  type SalesRuntime,
} from '../../../../support/sales-runtime';

describe('sales /auth endpoints', () => {
  let sales: SalesRuntime;
  before(async () => {
    sales = await openSalesRuntime();
  });
  after(async () => {
    await sales.close();
  });

  const login = (email: string, password: string) =>
    request(sales.callback).post('/auth/login').send({ email, password });

  describe('POST /auth/login', () => {
    it('sets both httpOnly cookies with the CONTRACT 3.1 attributes and keeps tokens out of the body', async () => {
      const user = await sales.createUser({ name: 'Ana Lima' });
      const res = await login(user.email.toUpperCase(), user.password).expect(200);
      expect(res.body).to.deep.equal({
        message: 'Login successful',
        user: { id: user.id, email: user.email, name: 'Ana Lima' },
      });
      const access = setCookieLine(res.headers['set-cookie'], 'access_token');
      const refresh = setCookieLine(res.headers['set-cookie'], 'refresh_token');
      expect(access).to.match(
        /^access_token=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; Expires=[^;]+; Max-Age=3600; HttpOnly; SameSite=Lax$/,
      );
      expect(refresh).to.match(
        /^refresh_token=[0-9a-f]{64}; Path=\/auth; Expires=[^;]+; Max-Age=604800; HttpOnly; SameSite=Lax$/,
      );
      expect(JSON.stringify(res.body)).not.to.contain(cookieValueOf(res.headers['set-cookie'], 'access_token'));
    });

    it('issues an HS256 at+jwt: iss/aud brokerhub-sales, sub, email, role, sid, jti, valid one hour', async () => {
      const user = await sales.createUser({ role: 'manager' });
      const res = await login(user.email, user.password).expect(200);
      const token = cookieValueOf(res.headers['set-cookie'], 'access_token') ?? '';
      const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(TEST_JWT_SECRET), {
        algorithms: ['HS256'],
        typ: 'at+jwt',
        issuer: 'brokerhub-sales',
        audience: 'brokerhub-sales',
      });
      expect(protectedHeader).to.deep.equal({ alg: 'HS256', typ: 'at+jwt' });
      expect(payload).to.include({ sub: user.id, email: user.email, role: 'manager' });
      expect(payload.sid).to.match(/^[0-9a-f]{64}$/);
      expect(payload.jti).to.match(/^[0-9a-f-]{36}$/);
      expect((payload.exp ?? 0) - (payload.iat ?? 0)).to.equal(3600);
    });

    it('answers a wrong password and an unknown e-mail with the identical 401', async () => {
      const user = await sales.createUser({});
      const wrong = await login(user.email, 'not the password').expect(401);
      const unknown = await login('nobody@example.com', 'whatever123').expect(401);
      const strip = (body: Record<string, unknown>) => ({ ...body, timestamp: undefined, stack: undefined });
      expect(strip(wrong.body)).to.deep.equal(strip(unknown.body));
      expect(wrong.body).to.include({ statusCode: 401, message: 'Invalid credentials', path: '/auth/login' });
      expect(wrong.headers['set-cookie']).to.equal(undefined);
    });

    it('rejects a NoSQL operator in a field with 400, never as a query', async () => {
      const res = await request(sales.callback)
        .post('/auth/login')
        .send({ email: { $ne: null }, password: 'x' })
        .expect(400);
      expect(res.body).to.include({ statusCode: 400, message: 'Validation failed' });
      expect(res.body.error).to.deep.equal(['email must be a string']);
    });

    it('rejects missing fields with 400 listing each problem', async () => {
      const res = await request(sales.callback).post('/auth/login').send({}).expect(400);
      expect(res.body.error).to.deep.equal(['email is required', 'password is required']);
      await request(sales.callback).post('/auth/login').send([1, 2]).expect(400);
    });
  });

  describe('POST /auth/refresh and /auth/logout', () => {
    it('refreshes the access token from the refresh cookie, and refuses after logout', async () => {
      const user = await sales.createUser({});
      const res = await login(user.email, user.password).expect(200);
      const cookies = cookiePairs(res.headers['set-cookie']);

      const refreshed = await request(sales.callback).post('/auth/refresh').set('Cookie', cookies).expect(200);
      expect(refreshed.body).to.deep.equal({ message: 'Token refreshed' });
      expect(setCookieLine(refreshed.headers['set-cookie'], 'access_token')).to.match(
        /; Path=\/; .*Max-Age=3600; HttpOnly/,
      );
      expect(setCookieLine(refreshed.headers['set-cookie'], 'refresh_token')).to.equal(undefined);

      const out = await request(sales.callback).post('/auth/logout').set('Cookie', cookies).expect(200);
      expect(out.body).to.deep.equal({ message: 'Logged out' });
      expect(setCookieLine(out.headers['set-cookie'], 'access_token')).to.match(
        /^access_token=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; HttpOnly/,
      );
      expect(setCookieLine(out.headers['set-cookie'], 'refresh_token')).to.match(
        /^refresh_token=; Path=\/auth; .*Max-Age=0; HttpOnly/,
      );

      const again = await request(sales.callback).post('/auth/refresh').set('Cookie', cookies).expect(401);
      expect(again.body).to.include({ statusCode: 401 });
    });

    it('refuses a refresh without a cookie or with an unknown token', async () => {
      await request(sales.callback).post('/auth/refresh').expect(401);
      await request(sales.callback)
        .post('/auth/refresh')
        .set('Cookie', `refresh_token=${'a'.repeat(64)}`)
        .expect(401);
    });

    it('logs out without cookies too (nothing to revoke)', async () => {
      await request(sales.callback).post('/auth/logout').expect(200, { message: 'Logged out' });
    });
  });

  describe('password reset', () => {
    async function requestReset(email: string): Promise<string> {
      const mail = sales.mailer.next();
      const res = await request(sales.callback).post('/auth/forgot-password').send({ email }).expect(200);
      expect(res.body).to.deep.equal({ message: 'If the e-mail is registered, a reset link has been sent' });
      const message = await mail;
      expect(message.to).to.equal(email);
      const match = /http:\/\/app\.test\/reset-password\?token=([0-9a-f]{64})/.exec(message.text);
      expect(match, message.text).not.to.equal(null);
      return match?.[1] ?? '';
    }

    it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
      const sentBefore = sales.mailer.sent.length;
      const res = await request(sales.callback)
        .post('/auth/forgot-password')
        .send({ email: 'ghost@example.com' })
        .expect(200);
      expect(res.body).to.deep.equal({ message: 'If the e-mail is registered, a reset link has been sent' });
      const user = await sales.createUser({});
      await requestReset(user.email);
      expect(sales.mailer.sent.length).to.equal(sentBefore + 1);
    });

    it('resets the password once with the mailed token, revoking refresh tokens; the second use is 401', async () => {
      const user = await sales.createUser({});
      const session = await login(user.email, user.password).expect(200);
      const token = await requestReset(user.email);

      await request(sales.callback)
        .post('/auth/reset-password')
        .send({ token, newPassword: 'brand new secret' })
        .expect(200, { message: 'Password updated' });
      const reused = await request(sales.callback)
        .post('/auth/reset-password')
        .send({ token, newPassword: 'another secret' })
        .expect(401);
      expect(reused.body).to.include({ statusCode: 401, message: 'Este link já foi utilizado' });

      await login(user.email, user.password).expect(401);
      await login(user.email, 'brand new secret').expect(200);
      await request(sales.callback)
        .post('/auth/refresh')
        .set('Cookie', cookiePairs(session.headers['set-cookie']))
        .expect(401);
    });

    it('lets exactly one of two concurrent resets with one token succeed', async () => {
      const user = await sales.createUser({});
      const token = await requestReset(user.email);
      const results = await Promise.all(
        ['first password', 'second password'].map((newPassword) =>
          request(sales.callback).post('/auth/reset-password').send({ token, newPassword }),
        ),
      );
      expect(results.map((r) => r.status).sort()).to.deep.equal([200, 401]);
    });

    it('answers an unknown token with 401 and a weak password with 400 without burning the token', async () => {
      const bad = await request(sales.callback)
        .post('/auth/reset-password')
        .send({ token: 'f'.repeat(64), newPassword: 'long enough' })
        .expect(401);
      expect(bad.body.message).to.equal('Token inválido ou expirado');
      const user = await sales.createUser({});
      const token = await requestReset(user.email);
      const weak = await request(sales.callback)
        .post('/auth/reset-password')
        .send({ token, newPassword: 'short' })
        .expect(400);
      expect(weak.body.error).to.deep.equal(['newPassword: password must be at least 8 characters long']);
      await request(sales.callback)
        .post('/auth/reset-password')
        .send({ token, newPassword: 'long enough now' })
        .expect(200);
    });

    it('rejects a non-string token with 400', async () => {
      const res = await request(sales.callback)
        .post('/auth/reset-password')
        .send({ token: { $gt: '' }, newPassword: 'long enough' })
        .expect(400);
      expect(res.body.error).to.deep.equal(['token must be a string']);
    });
  });
});

describe('sales /auth endpoints in production', () => {
  let sales: SalesRuntime;
  before(async () => {
    sales = await openSalesRuntime({ env: { NODE_ENV: 'production', COOKIE_DOMAIN: 'brokerhub.example' } });
  });
  after(async () => {
    await sales.close();
  });

  it('sets Secure, SameSite=None and the cookie domain on a plain-HTTP request behind the TLS proxy', async () => {
    const user = await sales.createUser({});
    const res = await request(sales.callback)
      .post('/auth/login')
      .send({ email: user.email, password: user.password })
      .expect(200);
    expect(setCookieLine(res.headers['set-cookie'], 'access_token')).to.match(
      /; Path=\/; .*Max-Age=3600; HttpOnly; Domain=brokerhub\.example; Secure; SameSite=None$/,
    );
    expect(setCookieLine(res.headers['set-cookie'], 'refresh_token')).to.match(
      /; Path=\/auth; .*Max-Age=604800; HttpOnly; Domain=brokerhub\.example; Secure; SameSite=None$/,
    );
  });

  it('keeps the end-user messages and hides validation details', async () => {
    const wrong = await request(sales.callback)
      .post('/auth/login')
      .send({ email: 'x@example.com', password: 'nope-nope' })
      .expect(401);
    expect(wrong.body).to.deep.equal({
      statusCode: 401,
      message: 'Invalid credentials',
      timestamp: wrong.body.timestamp,
      path: '/auth/login',
    });
    const invalid = await request(sales.callback)
      .post('/auth/login')
      .send({ email: { $ne: null } })
      .expect(400);
    expect(invalid.body).to.deep.equal({
      statusCode: 400,
      message: 'Bad Request - Invalid parameters',
      timestamp: invalid.body.timestamp,
      path: '/auth/login',
    });
  });
});

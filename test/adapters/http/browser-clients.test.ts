import { expect } from 'chai';
import type { Server } from 'node:http';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { baseUrl, closeGracefully, listen } from '../../../src/adapters/http/shared/listen';
import { launchChromium, PageServer, type HeadlessChromium } from '../../support/browser';
import { describeWithChromium } from '../../support/optional-tools';
import { TestReceiver } from '../../support/receiver';
import { manualSaleBody } from '../../support/sales-fixtures';
import { openSalesRuntime, type SalesRuntime } from '../../support/sales-runtime';

const PASSWORD = 'correct horse battery';

/** Browser-side scripts are sent as text: what the test runner compiles never reaches the page. */
const call = (
  page: Page,
  url: string,
  init: Record<string, unknown>,
): Promise<{ status: number; body: string } | { failed: string }> =>
  page.evaluate(`fetch(${JSON.stringify(url)}, ${JSON.stringify({ credentials: 'include', ...init })})
    .then(async (res) => ({ status: res.status, body: await res.text() }), (error) => ({ failed: String(error) }))`);

const login = (page: Page, url: string, email: string) =>
  call(page, url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });

/**
 * Another page submits a plain HTML form to `action` (a top-level POST navigation); returns the answer the browser got.
 */
async function submitForm(page: Page, action: string): Promise<{ status: number; body: string }> {
  const answer = page.waitForResponse((res) => res.url() === action && res.request().method() === 'POST');
  await page.evaluate(`(() => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = ${JSON.stringify(action)};
    const field = document.createElement('input');
    field.name = 'note';
    field.value = 'forged';
    form.append(field);
    document.body.append(form);
    form.submit();
  })()`);
  const res = await answer;
  return { status: res.status(), body: await res.text() };
}

/**
 * CONTRACT 9.3 in a real headless Chromium: the sales API at http://127.0.0.1:A, an allowed front end
 * at http://127.0.0.1:B (same site, other origin, in CORS_ORIGINS), a stranger at http://127.0.0.1:C
 * (same site, not allowed) and another site at http://localhost:D. Cookies ignore ports, so B and C
 * hold the victim's cookies in every cookie mode; localhost is another site.
 */
describeWithChromium('browser clients in headless Chromium (CONTRACT 9.3)', function () {
  this.timeout(60_000);
  let browser: HeadlessChromium;
  let rt: SalesRuntime;
  let server: Server;
  let receiver: TestReceiver;
  const pages = { front: new PageServer(), stranger: new PageServer(), crossSite: new PageServer() };
  const origins = { front: '', stranger: '', crossSite: '' };
  let api = '';
  let saleId = '';
  let email = '';

  before(async () => {
    browser = await launchChromium();
    origins.front = await pages.front.start('127.0.0.1');
    origins.stranger = await pages.stranger.start('127.0.0.1');
    origins.crossSite = await pages.crossSite.start('localhost');
  });
  after(async () => {
    // Nothing is open when the block was skipped (no Chromium).
    await browser?.close();
    for (const page of Object.values(pages)) await page.stop();
  });

  const open = async (env: Record<string, string>) => {
    receiver = new TestReceiver();
    rt = await openSalesRuntime({
      env: { CORS_ORIGINS: origins.front, SALES_WEBHOOK_URL: await receiver.start(), ...env },
      overrides: { webhookTimeoutMs: 1_000 },
    });
    server = await listen(rt.app, '127.0.0.1', 0);
    api = baseUrl(server);
    const user = await rt.createUser({ role: 'operator', password: PASSWORD });
    email = user.email;
    const { key } = await rt.createApiKey(user.email);
    const { body } = await request(rt.callback)
      .post('/api/sales/manual')
      .set('x-api-key', key)
      .send(manualSaleBody())
      .expect(201);
    saleId = body.venda.id as string;
  };
  afterEach(async () => {
    await browser.context.clearCookies();
    for (const page of browser.context.pages()) await page.close();
    await closeGracefully(server, 1_000);
    await rt.close();
    await receiver.stop();
  });

  const pageAt = async (origin: string): Promise<Page> => {
    const page = await browser.context.newPage();
    await page.goto(`${origin}/`);
    return page;
  };

  it(
    'SameSite=Lax cookies (outside production): the allowed front end calls the API with credentials; a stranger ' +
      'is refused by the browser and by the CSRF check',
    async () => {
      await open({});
      const front = await pageAt(origins.front);
      expect(await login(front, `${api}/auth/login`, email)).to.deep.include({ status: 200 });
      const list = await call(front, `${api}/api/sales`, {});
      expect(list).to.deep.include({ status: 200 });
      expect(JSON.parse((list as { body: string }).body).total).to.equal(1);

      // Same site, origin not allowed: the browser sends the Lax cookies but hands no answer over (no CORS headers).
      const stranger = await pageAt(origins.stranger);
      expect(await call(stranger, `${api}/api/sales`, {}))
        .to.have.property('failed')
        .that.contains('Failed to fetch');
      // A simple cross-origin POST reaches the server with the cookies; the CSRF check refuses it.
      expect(await call(stranger, `${api}/api/sales/${saleId}/trigger-webhook`, { method: 'POST' })).to.have.property(
        'failed',
      );
      // The same as a plain HTML form: a 403 the browser shows, with no effect.
      const forged = await submitForm(await pageAt(origins.stranger), `${api}/api/sales/${saleId}/trigger-webhook`);
      expect(forged.status).to.equal(403);
      expect(JSON.parse(forged.body)).to.include({
        statusCode: 403,
        message: 'Forbidden - cross-site request refused',
      });
      expect((await submitForm(await pageAt(origins.stranger), `${api}/auth/logout`)).status).to.equal(403);
      // Another site's form: a top-level cross-site POST carries no Lax cookie, so it is not even authenticated.
      expect(
        (await submitForm(await pageAt(origins.crossSite), `${api}/api/sales/${saleId}/trigger-webhook`)).status,
      ).to.equal(401);
      expect(receiver.received).to.have.length(0);

      // The session survived the forged logout; the front end's own unsafe call goes through and delivers.
      expect(await call(front, `${api}/auth/refresh`, { method: 'POST' })).to.deep.include({ status: 200 });
      const sent = await call(front, `${api}/api/sales/${saleId}/trigger-webhook`, { method: 'POST' });
      expect(sent).to.deep.include({ status: 200 });
      expect(receiver.saleIdsReceived()).to.deep.equal([saleId]);
    },
  );

  it(
    "production cookies (Secure; SameSite=None, sent on another site's form): the forged trigger-webhook and " +
      'logout are 403 with no effect',
    async () => {
      await open({ NODE_ENV: 'production' });
      // The victim logs in on the API's own origin (a first-party page; loopback counts as secure for Secure cookies).
      const own = await pageAt(api);
      expect(await login(own, '/auth/login', email)).to.deep.include({ status: 200 });
      const cookies = (await browser.context.cookies()).sort((a, b) => a.name.localeCompare(b.name));
      expect(cookies.map((cookie) => [cookie.name, cookie.secure, cookie.sameSite])).to.deep.equal([
        ['access_token', true, 'None'],
        ['refresh_token', true, 'None'],
      ]);

      const forged = await submitForm(await pageAt(origins.crossSite), `${api}/api/sales/${saleId}/trigger-webhook`);
      expect(forged.status).to.equal(403);
      expect(JSON.parse(forged.body)).to.include({
        statusCode: 403,
        message: 'Forbidden - cross-site request refused',
      });
      expect((await submitForm(await pageAt(origins.crossSite), `${api}/auth/logout`)).status).to.equal(403);
      expect(receiver.received).to.have.length(0);

      expect(await call(own, '/auth/refresh', { method: 'POST' })).to.deep.include({ status: 200 });
      const front = await pageAt(origins.front);
      expect(await call(front, `${api}/api/sales/${saleId}/trigger-webhook`, { method: 'POST' })).to.deep.include({
        status: 200,
      });
      expect(receiver.saleIdsReceived()).to.deep.equal([saleId]);
    },
  );
});

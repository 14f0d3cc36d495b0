import type { Server } from 'node:http';
import { expect } from 'chai';
import { baseUrl, closeGracefully, listen } from '../../../src/adapters/http/shared/listen';
import type { MongoConnection } from '../../../src/adapters/mongo/shared/mongo-connection';
import { launchChromium, type HeadlessChromium } from '../../support/browser';
import { describeWithChromium } from '../../support/optional-tools';
import { hubHarness } from '../../support/hub';
import { connectTestDatabase } from '../../support/mongo';
import { openSalesRuntime, type SalesRuntime } from '../../support/sales-runtime';

/**
 * CONTRACT 9.1: the docs pages in a real headless Chromium. Every request the page makes must stay
 * on the service's origin (the Swagger UI files come from the npm package through the app, no CDN),
 * the operations of the document must be rendered, and the console must stay free of errors (the
 * page runs under its own Content-Security-Policy, so an inline script would show up here).
 */
describeWithChromium('the docs pages in headless Chromium (CONTRACT 9.1)', function () {
  this.timeout(90_000);
  let browser: HeadlessChromium;
  let sales: SalesRuntime;
  let mongo: MongoConnection;
  const servers: Server[] = [];
  const urls = { sales: '', hub: '' };

  before(async () => {
    browser = await launchChromium();
    sales = await openSalesRuntime();
    mongo = await connectTestDatabase();
    const hub = await hubHarness(mongo);
    const salesServer = await listen(sales.app, '127.0.0.1', 0);
    const hubServer = await listen(hub.app, '127.0.0.1', 0);
    servers.push(salesServer, hubServer);
    urls.sales = baseUrl(salesServer);
    urls.hub = baseUrl(hubServer);
  });
  after(async () => {
    // Nothing is open when the block was skipped (no Chromium).
    await browser?.close();
    for (const server of servers) await closeGracefully(server, 1_000);
    await sales?.close();
    await mongo?.close();
  });

  const cases = [
    {
      service: 'sales' as const,
      path: '/docs',
      operation: '/api/sales/{id}/trigger-webhook',
      title: 'brokerhub sales service',
    },
    {
      service: 'hub' as const,
      path: '/api/v1/docs',
      operation: '/orgs/{orgId}/lead-templates',
      title: 'brokerhub hub service',
    },
  ];
  for (const { service, path, operation, title } of cases) {
    it(`${service} ${path}: renders the operations from local files, with no console error`, async () => {
      const origin = urls[service];
      const page = await browser.context.newPage();
      const problems: string[] = [];
      const foreign: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('requestfailed', (req) => problems.push(`failed: ${req.url()} ${req.failure()?.errorText ?? ''}`));
      page.on('request', (req) => {
        if (!req.url().startsWith(`${origin}/`) && !req.url().startsWith('data:')) foreign.push(req.url());
      });
      try {
        const response = await page.goto(`${origin}${path}`);
        expect(response?.status()).to.equal(200);
        await page.locator('.opblock').first().waitFor({ state: 'visible', timeout: 30_000 });
        const paths = await page.locator('.opblock-summary-path').allTextContents();
        expect(paths.map((text) => text.replace(/\u200b/g, ''))).to.include(operation);
        expect(await page.locator('.info .title').first().textContent({ timeout: 5_000 })).to.contain(title);
        expect(foreign, 'requests that left the origin').to.deep.equal([]);
        expect(problems).to.deep.equal([]);
      } finally {
        await page.close();
      }
    });
  }
});

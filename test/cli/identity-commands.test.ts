import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import request from 'supertest';
import Router from '@koa/router';
import * as t from 'io-ts';
import { withDatabase } from '../../src/adapters/mongo/shared/embedded-mongo';
import { combinedGuard } from '../../src/adapters/http/sales/guards';
import { currentIdentity } from '../../src/adapters/http/sales/request-identity';
import { SALES_SECURITY } from '../../src/adapters/http/sales/sales-openapi';
import { documented } from '../../src/adapters/http/shared/openapi/documented-router';
import { sharedMongo } from '../support/mongo';
import { runCliCaptured } from '../support/cli';
import { openSalesRuntime } from '../support/sales-runtime';

describe('CLI create-user, create-api-key, revoke-api-key', () => {
  const env = () => ({
    LOG_LEVEL: 'silent',
    MONGODB_URI: withDatabase(sharedMongo().uri, `cli_${randomUUID().replace(/-/g, '').slice(0, 12)}`),
  });

  it('creates a user and a key that authenticates as that user; revoking it stops it', async () => {
    const e = env();
    const email = `Cli.${randomUUID()}@Example.com`;
    const created = await runCliCaptured(
      [
        '--json',
        'create-user',
        '--email',
        email,
        '--password',
        'cli password 1',
        '--name',
        'Cli User',
        '--role',
        'manager',
      ],
      e,
    );
    expect(created.code, created.err.join('\n')).to.equal(0);
    const user = JSON.parse(created.out[0] ?? '{}') as { id: string; email: string; role: string };
    expect(user).to.include({ email: email.toLowerCase(), role: 'manager', name: 'Cli User' });

    const keyRun = await runCliCaptured(['--json', 'create-api-key', '--email', email], e);
    expect(keyRun.code, keyRun.err.join('\n')).to.equal(0);
    const issued = JSON.parse(keyRun.out[0] ?? '{}') as {
      id: string;
      key: string;
      user: { id: string; email: string };
    };
    expect(issued.key).to.match(/^[0-9a-f]{64}$/);
    expect(issued.user).to.deep.equal({ id: user.id, email: email.toLowerCase() });
    expect(keyRun.logs.join('')).not.to.contain(issued.key);

    const sales = await openSalesRuntime({
      env: { MONGODB_URI: e.MONGODB_URI },
      overrides: {
        extraSalesRouters: (guards) => {
          const router = new Router();
          const identity = {
            description: 'The identity',
            body: t.type({ id: t.string, username: t.string, role: t.string }),
          };
          documented(router, { tag: 'Test', security: SALES_SECURITY.jwtOrApiKey }).get(
            '/test/whoami',
            { summary: 'whoami', responses: { 200: identity } },
            combinedGuard(guards),
            (ctx) => {
              ctx.body = currentIdentity(ctx);
            },
          );
          return [router];
        },
      },
    });
    try {
      const app = sales.runtime.app.http.sales;
      const who = await request(app.callback()).get('/test/whoami').set('x-api-key', issued.key).expect(200);
      expect(who.body).to.deep.equal({ id: user.id, username: email.toLowerCase(), role: 'manager' });

      const revoked = await runCliCaptured(['revoke-api-key', '--id', issued.id], e);
      expect(revoked.code).to.equal(0);
      expect(revoked.out.join('\n')).to.contain(`API key ${issued.id} revoked`);
      // A fresh process (no cached key) refuses it at once; a running one within the cache TTL.
      const fresh = await openSalesRuntime({ env: { MONGODB_URI: e.MONGODB_URI } });
      try {
        await request(fresh.callback).get('/audit-logs').set('x-api-key', issued.key).expect(401);
      } finally {
        await fresh.runtime.close();
      }
    } finally {
      await sales.close();
    }
  });

  it('exits 1 with a clear message for a duplicate e-mail, a short password, an unknown user or key', async () => {
    const e = env();
    const email = `dup.${randomUUID()}@example.com`;
    expect((await runCliCaptured(['create-user', '--email', email, '--password', 'first password'], e)).code).to.equal(
      0,
    );
    const dup = await runCliCaptured(
      ['create-user', '--email', email.toUpperCase(), '--password', 'second password'],
      e,
    );
    expect(dup.code).to.equal(1);
    expect(dup.err).to.deep.equal([`A user with e-mail ${email} already exists`]);
    const weak = await runCliCaptured(['create-user', '--email', `w.${email}`, '--password', 'short'], e);
    expect(weak.code).to.equal(1);
    expect(weak.err[0]).to.contain('at least 8 characters');
    const role = await runCliCaptured(
      ['create-user', '--email', `r.${email}`, '--password', 'long enough', '--role', 'root'],
      e,
    );
    expect(role.code).to.equal(1);
    const noUser = await runCliCaptured(['create-api-key', '--email', 'nobody@example.com'], e);
    expect(noUser.code).to.equal(1);
    expect(noUser.err).to.deep.equal(['No user with e-mail nobody@example.com']);
    const noKey = await runCliCaptured(['revoke-api-key', '--id', randomUUID()], e);
    expect(noKey.code).to.equal(1);
  });

  it('lists the new commands in --help', async () => {
    const help = (await runCliCaptured(['--help'], { LOG_LEVEL: 'silent' })).out.join('\n');
    for (const command of ['create-user', 'create-api-key', 'revoke-api-key']) expect(help).to.contain(command);
  });
});

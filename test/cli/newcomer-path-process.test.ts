import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EPHEMERAL_NOTE } from '../../src/cli/cli-context';
import { SERVER_FILE_VARIABLE } from '../../src/cli/serve/embedded-server-file';
import { runCliProcess } from '../support/cli';
import { waitUntil } from '../support/processes';
import { startServe, type ServeChild } from '../support/serve-child';

/**
 * The newcomer's first hour, as processes (README "Run it"): `npm start` in one terminal, the banner's
 * first steps pasted into another with no MONGODB_URI, then the service answers with what they made.
 */
describe('the newcomer path: the CLI acts on the running embedded server (processes)', function () {
  this.timeout(120_000);
  let served: ServeChild | undefined;
  after(async () => {
    if (served !== undefined && served.child.exitCode === null) {
      served.child.kill('SIGTERM');
      await served.exited;
    }
  });

  it(
    'serve publishes its embedded server; create-user, create-api-key and seed-demo write into it; after the stop ' +
      'the CLI says throw-away',
    async () => {
      const serverFile = path.join(tmpdir(), `brokerhub-newcomer-${randomUUID()}.json`);
      // No MONGODB_URI anywhere (an empty value is unset), whatever the suite itself runs against.
      const env = { [SERVER_FILE_VARIABLE]: serverFile, MONGODB_URI: '' };
      served = await startServe(env);
      const logs = served.logs;
      // The first steps follow the MongoDB line startServe waits for.
      expect(await waitUntil(() => logs.some((line) => line.includes('seed-demo')), 10_000), logs.join('\n')).to.equal(
        true,
      );
      const out = logs.join('\n');
      expect(out).to.contain('First steps (in another terminal, from this checkout; they use this database):');
      expect(out).to.contain(
        '  npm run cli -- create-user --email admin@example.com --password change-me-now --role admin',
      );
      expect(out).to.contain('  npm run cli -- create-api-key --email admin@example.com');
      expect(out).to.contain('  npm run cli -- seed-demo --contacts 200');

      const info = await stat(serverFile);
      expect(info.mode & 0o777).to.equal(0o600);
      expect(info.uid).to.equal(process.getuid?.());
      const published = JSON.parse(await readFile(serverFile, 'utf8')) as { pid: number; uri: string };
      expect(published.pid).to.equal(served.child.pid);

      const createUser = await runCliProcess(
        ['create-user', '--email', 'admin@example.com', '--password', 'change-me-now', '--role', 'admin'],
        env,
      );
      expect(createUser.code, createUser.stderr).to.equal(0);
      expect(createUser.stdout).to.match(/^Created admin admin@example\.com with id /);
      const using = createUser.stderr
        .split('\n')
        .filter((line) => line.startsWith('Using the database of the service running from this checkout'));
      expect(using, createUser.stderr).to.have.length(1);
      expect(using[0]).to.contain(`serve pid ${published.pid}`);
      expect(createUser.stderr).to.not.contain('throw-away');

      const createKey = await runCliProcess(['--json', 'create-api-key', '--email', 'admin@example.com'], env);
      expect(createKey.code, createKey.stderr).to.equal(0);
      const { key } = JSON.parse(createKey.stdout) as { key: string };

      const seed = await runCliProcess(['seed-demo', '--contacts', '12', '--messages', '2'], env);
      expect(seed.code, seed.stderr).to.equal(0);
      expect(seed.stdout).to.match(/^seeded 12 contacts: /);

      const login = await fetch(`${served.salesUrl}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'change-me-now' }),
      });
      expect(login.status).to.equal(200);
      const contacts = await fetch(`${served.salesUrl}/sdr/contacts?limit=100`, { headers: { 'x-api-key': key } });
      expect(contacts.status).to.equal(200);
      const page = (await contacts.json()) as { total: number; data: unknown[] };
      expect(page.total).to.equal(12);
      expect(page.data).to.have.length(12);

      served.child.kill('SIGTERM');
      expect(await served.exited).to.equal(0);
      expect(existsSync(serverFile), 'the server file outlived serve').to.equal(false);

      const after = await runCliProcess(
        ['create-user', '--email', 'late@example.com', '--password', 'change-me-now'],
        env,
      );
      expect(after.code, after.stderr).to.equal(0);
      expect(after.stderr.split('\n')).to.include(EPHEMERAL_NOTE);
      expect(after.stderr).to.not.contain('Using the database');
    },
  );
});

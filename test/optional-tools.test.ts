import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { binaryOnPath, LOCAL_REDIS_VARIABLE } from './support/redis';
import { describeWithRedisServer, redisServerBinary, REQUIRE_ALL_VARIABLE } from './support/optional-tools';
import { answers } from './support/tcp';

const ROOT = path.resolve(__dirname, '..');
const MOCHA = path.join(ROOT, 'node_modules', 'mocha', 'lib', 'cli', 'cli.js');
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'optional-tools');

interface Run {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
}

/**
 * A mocha of its own, run as `npm test` runs it (tsx, the optional-tools root hooks) on fixture
 * specs, with exactly the environment given: no REDIS_URL, CHROMIUM_PATH, PATH or CI variable is
 * inherited from this run.
 */
function mochaRun(spec: string, env: Record<string, string>): { done: Promise<Run>; pid: number | undefined } {
  const args = ['--import', 'tsx', MOCHA, '--no-config', '--no-package', '--extension', 'ts', '--timeout', '30000'];
  args.push('--reporter', 'spec', '--require', path.join(FIXTURES, 'hooks.ts'), path.join(FIXTURES, spec));
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const done = new Promise<Run>((resolve) => child.once('close', (code) => resolve({ code, out, err })));
  return { done, pid: child.pid };
}

/** A loopback port nothing listens on (asked of the kernel, then released). */
async function deadPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A folder for PATH holding only the named binaries (symlinks), so redis-server is there or not. */
async function pathWith(binaries: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'brokerhub-path-'));
  for (const [name, target] of Object.entries(binaries)) await symlink(target, path.join(dir, name));
  return dir;
}

describe('npm test on a machine without the optional tools (Redis, redis-server, Chromium)', function () {
  this.timeout(180_000);
  const folders: string[] = [];
  let bare: Record<string, string>;

  before(async () => {
    const emptyPath = await pathWith({});
    folders.push(emptyPath);
    bare = {
      PATH: emptyPath,
      HOME: process.env.HOME ?? tmpdir(),
      [LOCAL_REDIS_VARIABLE]: `redis://127.0.0.1:${await deadPort()}`,
      CHROMIUM_PATH: path.join(emptyPath, 'chromium'),
    };
  });
  after(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it(
    'skips what needs a missing tool with a line at the start and one at the end, runs the rest, exits ' + '0',
    async () => {
      const { code, out, err } = await mochaRun('tools.fixture.ts', bare).done;
      expect(code, out + err).to.equal(0);
      const lines = out.split('\n').map((line) => line.trim());
      const start = lines.filter((line) => line.startsWith('SKIPPING'));
      expect(start).to.have.length(2);
      expect(start[0]).to.match(/^SKIPPING the tests that need Redis: REDIS_URL is unset, nothing answers at 127/);
      expect(start[0]).to.include('redis-server is not on PATH').and.include('install redis-server');
      expect(start[0]).to.include('or set REDIS_URL');
      expect(start[1]).to.match(/^SKIPPING the browser tests .*: no Chromium at .*chromium \(CHROMIUM_PATH\)/);
      expect(start[1]).to.include('install Chromium').and.include('or set CHROMIUM_PATH');
      // Two suites and one test on Redis, one suite on a redis-server of its own: one line, 4 tests.
      expect(lines).to.include.members([
        start[0]?.replace('SKIPPING the tests that need Redis:', 'skipped the tests that need Redis (4):'),
        start[1]?.replace(/^SKIPPING the (browser tests .*?): /, 'skipped the $1 (1): '),
        '5 pending',
      ]);
      expect(out)
        .to.match(/ 1 passing/)
        .and.not.match(/failing/);
    },
  );

  it(`fails instead of skipping where ${REQUIRE_ALL_VARIABLE}=1 (as in CI)`, async () => {
    const { code, out } = await mochaRun('tools.fixture.ts', { ...bare, [REQUIRE_ALL_VARIABLE]: '1' }).done;
    expect(code).to.equal(4);
    expect(out).to.include(' 1 passing').and.include(' 4 failing').and.not.include('pending');
    expect(out).to.include('FAILING the tests that need Redis').and.include('FAILED the tests that need Redis (4)');
    expect(out).to.include(`${REQUIRE_ALL_VARIABLE} is set, so the browser tests`);
  });

  it('treats a REDIS_URL that does not answer as a dependency that is down: exit 2, nothing skipped', async () => {
    const url = `redis://127.0.0.1:${await deadPort()}`;
    const { code, out, err } = await mochaRun('tools.fixture.ts', { ...bare, REDIS_URL: url }).done;
    expect(code).to.equal(2);
    expect(err).to.include(`REDIS_URL (${url}) does not answer: a configured dependency is down (CONTRACT 2)`);
    expect(out).to.not.include('passing');
  });

  describeWithRedisServer('with redis-server on PATH', () => {
    let withRedisServer: Record<string, string>;
    before(async () => {
      // bash: the watchdog the server runs behind (test/support/own-redis.ts).
      const bash = binaryOnPath('bash');
      if (bash === undefined) throw new Error('bash is not on PATH');
      const dir = await pathWith({ 'redis-server': redisServerBinary(), bash });
      folders.push(dir);
      withRedisServer = { ...bare, PATH: dir };
    });

    it('starts one on a free loopback port for the run, uses it, and stops it at the end', async () => {
      const { code, out, err } = await mochaRun('tools.fixture.ts', withRedisServer).done;
      expect(code, out + err).to.equal(0);
      expect(out).to.match(/Redis: started redis-server for this run at 127\.0\.0\.1:\d+ \(REDIS_URL unset/);
      expect(out).to.include(' 5 passing').and.include(' 1 pending').and.not.include('tests that need Redis');
      const url = /fixture redis url: (redis:\/\/\S+)/.exec(out)?.[1];
      expect(url).to.be.a('string');
      expect(await answers('127.0.0.1', Number(new URL(url as string).port))).to.equal(false);
    });

    it('leaves no server behind when mocha itself is killed (SIGKILL)', async () => {
      const hold = path.join(folders[0] as string, 'hold');
      const run = mochaRun('hold.fixture.ts', { ...withRedisServer, FIXTURE_HOLD_FILE: hold });
      const url = await waitForFile(hold);
      const port = Number(new URL(url).port);
      expect(await answers('127.0.0.1', port)).to.equal(true);
      process.kill(run.pid as number, 'SIGKILL');
      await run.done;
      const gone = await waitUntilAsync(async () => !(await answers('127.0.0.1', port)), 20_000);
      expect(gone, `redis-server still answers on ${port}`).to.equal(true);
    });
  });
});

async function waitForFile(file: string): Promise<string> {
  let text = '';
  const found = await waitUntilAsync(async () => {
    text = await readFile(file, 'utf8').catch(() => '');
    return text !== '';
  }, 120_000);
  if (!found) throw new Error(`the fixture run never wrote ${file}`);
  return text;
}

async function waitUntilAsync(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

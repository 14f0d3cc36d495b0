import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withDatabase } from '../../src/adapters/mongo/shared/embedded-mongo';
import { connectMongo } from '../../src/adapters/mongo/shared/mongo-connection';
import { defaultServerFileChecks, EPHEMERAL_NOTE } from '../../src/cli/cli-context';
import {
  lookUpServerFile,
  processState,
  publishServerFile,
  SERVER_FILE_NAME,
  SERVER_FILE_VARIABLE,
  serverFilePath,
  type ServerFileChecks,
} from '../../src/cli/serve/embedded-server-file';
import { runCliCaptured } from '../support/cli';
import { sharedMongo } from '../support/mongo';

const uid = process.getuid?.() ?? -1;
/** Every check passes, as for a live serve of this user whose server answers. */
const trusting: ServerFileChecks = { uid, processState: () => 'alive', answers: async () => true };

/** A process id that existed and is gone. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe("the running serve's server file (the CLI finds the embedded MongoDB)", () => {
  let dir: string;
  let file: string;
  const content = (overrides: Record<string, unknown> = {}) =>
    JSON.stringify({
      pid: process.pid,
      uri: 'mongodb://127.0.0.1:27017/brokerhub',
      kind: 'jongodb',
      startedAt: new Date().toISOString(),
      ...overrides,
    });
  const writeServerFile = async (text: string, mode = 0o600) => {
    await writeFile(file, text, { mode });
    await chmod(file, mode);
  };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'server-file-'));
    file = path.join(dir, SERVER_FILE_NAME);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('lives in the checkout (src/cli and dist/cli alike), unless BROKERHUB_SERVER_FILE says where', () => {
    expect(serverFilePath({})).to.equal(path.resolve(__dirname, '..', '..', '.brokerhub-server.json'));
    expect(serverFilePath({ [SERVER_FILE_VARIABLE]: 'relative/x.json' })).to.equal(path.resolve('relative/x.json'));
  });

  it("is used when it is this user's, mode 0600, names a live process and a server that answers", async () => {
    await writeServerFile(content());
    expect(await lookUpServerFile(file, trusting)).to.deep.include({ found: 'server' });
    await rm(file);
    expect(await lookUpServerFile(file, trusting)).to.deep.equal({ found: 'none' });
  });

  describe('is ignored, with the reason, when it cannot be trusted', () => {
    const reasonFor = async (checks: ServerFileChecks = trusting): Promise<string> => {
      const lookup = await lookUpServerFile(file, checks);
      expect(lookup.found).to.equal('ignored');
      return (lookup as { reason: string }).reason;
    };

    it('garbage content: not JSON, missing fields, a pid or URI that is not one', async () => {
      for (const text of [
        'not json',
        '{}',
        '[]',
        content({ pid: 0 }),
        content({ pid: 1.5 }),
        content({ pid: '12' }),
        content({ uri: 'http://x' }),
        content({ uri: 'nope' }),
      ]) {
        await writeServerFile(text);
        expect(await reasonFor(), text).to.equal('its content is not a server description');
      }
    });

    it("another user's file", async () => {
      await writeServerFile(content());
      expect(await reasonFor({ ...trusting, uid: uid + 1 })).to.equal(`it belongs to another user (uid ${uid})`);
    });

    it('a file others may read or change', async () => {
      await writeServerFile(content(), 0o644);
      expect(await reasonFor()).to.equal('other users may read or change it (mode 644)');
    });

    it('a symbolic link (not followed)', async () => {
      const target = path.join(dir, 'target.json');
      await writeFile(target, content(), { mode: 0o600 });
      await symlink(target, file);
      expect(await reasonFor()).to.equal('it is not a regular file');
    });

    it("a serve process that is gone, or another user's", async () => {
      const pid = deadPid();
      expect(processState(pid)).to.equal('gone');
      await writeServerFile(content({ pid }));
      expect(await reasonFor(defaultServerFileChecks())).to.equal(
        `its serve process (pid ${pid}) is no longer running`,
      );
      await writeServerFile(content());
      expect(await reasonFor({ ...trusting, processState: () => 'foreign' })).to.equal(
        `its serve process (pid ${process.pid}) belongs to another user`,
      );
    });

    it('a server that does not answer (a real connection attempt)', async () => {
      await writeServerFile(content({ uri: 'mongodb://user:secret@127.0.0.1:9/brokerhub' }));
      const reason = await reasonFor(defaultServerFileChecks());
      expect(reason).to.equal('its MongoDB (mongodb://user:***@127.0.0.1:9/brokerhub) does not answer');
    });
  });

  describe('publishing (serve)', () => {
    const checks = { uid, processState };

    it('writes mode 0600 over a stale file, and removes only its own', async () => {
      await writeServerFile(content({ pid: deadPid() }), 0o644);
      const outcome = await publishServerFile(
        file,
        { pid: process.pid, uri: 'mongodb://127.0.0.1:1/brokerhub', kind: 'jongodb' },
        checks,
        new Date('2026-01-02T03:04:05Z'),
      );
      expect(outcome).to.have.property('published');
      expect((await stat(file)).mode & 0o777).to.equal(0o600);
      expect(JSON.parse(await readFile(file, 'utf8'))).to.deep.equal({
        pid: process.pid,
        uri: 'mongodb://127.0.0.1:1/brokerhub',
        kind: 'jongodb',
        startedAt: '2026-01-02T03:04:05.000Z',
      });

      // Replaced by a later serve: not removed.
      await writeServerFile(content({ pid: deadPid() }));
      await (outcome as { published: { remove(): Promise<void> } }).published.remove();
      expect(await readFile(file, 'utf8')).to.contain('"pid"');
      await writeServerFile(content());
      await (outcome as { published: { remove(): Promise<void> } }).published.remove();
      await readFile(file).then(
        () => expect.fail('not removed'),
        (error: unknown) => expect((error as NodeJS.ErrnoException).code).to.equal('ENOENT'),
      );
    });

    it(
      'never writes through a link planted where a temporary file could be, and leaves no temporary ' + 'file',
      async () => {
        const victim = path.join(dir, 'victim.txt');
        await writeFile(victim, 'keep me', { mode: 0o644 });
        // The name an earlier version used (pid only): predictable, so a link planted there was followed.
        await symlink(victim, `${file}.${process.pid}.tmp`);
        const outcome = await publishServerFile(
          file,
          { pid: process.pid, uri: 'mongodb://127.0.0.1:1/brokerhub', kind: 'jongodb' },
          checks,
          new Date(),
        );
        expect(outcome).to.have.property('published');
        expect(await readFile(victim, 'utf8')).to.equal('keep me');
        expect((await stat(victim)).mode & 0o777).to.equal(0o644);
        expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).to.deep.equal([
          `${path.basename(file)}.${process.pid}.tmp`,
        ]);
      },
    );

    it('leaves the file of another live serve of this user in place', async () => {
      await writeServerFile(content({ pid: process.ppid }));
      const outcome = await publishServerFile(
        file,
        { pid: process.pid, uri: 'mongodb://127.0.0.1:1/brokerhub', kind: 'jongodb' },
        checks,
        new Date(),
      );
      expect(outcome).to.deep.equal({
        skipped:
          `${file} already names the running serve with pid ${process.ppid}: CLI commands use that one's ` + 'database',
      });
      expect(JSON.parse(await readFile(file, 'utf8'))).to.include({ pid: process.ppid });
    });
  });

  describe('the one-shot commands', () => {
    it('use the running server, with one line saying so', async () => {
      const database = `srvfile_${randomUUID().slice(0, 8)}`;
      await writeServerFile(content({ uri: withDatabase(sharedMongo().uri, database), kind: sharedMongo().kind }));
      const run = await runCliCaptured(['create-user', '--email', 'found@example.com', '--password', 'found it 123'], {
        LOG_LEVEL: 'silent',
        [SERVER_FILE_VARIABLE]: file,
      });
      expect(run.code, run.err.join('\n')).to.equal(0);
      expect(run.err).to.have.length(1);
      expect(run.err[0]).to.match(
        new RegExp(
          `^Using the database of the service running from this checkout \\(serve pid ${process.pid}, embedded `,
        ),
      );
      const mongo = await connectMongo(withDatabase(sharedMongo().uri, database), { serverMonitoringMode: 'poll' });
      try {
        expect(await mongo.db.collection('sales_users').countDocuments({ email: 'found@example.com' })).to.equal(1);
      } finally {
        await mongo.close();
      }
    });

    it('MONGODB_URI always wins: the file is not even read', async () => {
      await writeServerFile('garbage');
      const run = await runCliCaptured(['create-user', '--email', 'uri@example.com', '--password', 'uri wins 123'], {
        LOG_LEVEL: 'silent',
        MONGODB_URI: withDatabase(sharedMongo().uri, `srvfile_${randomUUID().slice(0, 8)}`),
        [SERVER_FILE_VARIABLE]: file,
      });
      expect(run.code, run.err.join('\n')).to.equal(0);
      expect(run.err).to.deep.equal([]);
    });

    it('ignore a stale file with one line and run on a throw-away server, saying so in one more', async () => {
      await writeServerFile(content({ pid: deadPid() }));
      const run = await runCliCaptured(['create-user', '--email', 'stale@example.com', '--password', 'stale one 123'], {
        LOG_LEVEL: 'silent',
        [SERVER_FILE_VARIABLE]: file,
      });
      expect(run.code, run.err.join('\n')).to.equal(0);
      expect(run.err).to.have.length(2);
      expect(run.err[0]).to.match(
        new RegExp(
          `^Ignoring ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: its serve process \\(pid \\d+\\) is no longer ` +
            `running\\.$`,
        ),
      );
      expect(run.err[1]).to.equal(EPHEMERAL_NOTE);
    });
  });
});

import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { MongoClient } from 'mongodb';
import {
  defaultStrategies,
  jongodbBinaryPath,
  jongodbStrategy,
  NoMongoServerError,
  startMongoServer,
  type EmbeddedMongoStrategy,
  type MongoServerHandle,
} from '../../../../src/adapters/mongo/shared/embedded-mongo';
import { isAlive, waitUntil } from '../../../support/processes';

function recordingStrategy(
  kind: EmbeddedMongoStrategy['kind'],
  calls: string[],
  fails: string | undefined,
): EmbeddedMongoStrategy {
  return {
    kind,
    async start(databaseName) {
      calls.push(kind);
      if (fails !== undefined) throw new Error(fails);
      return { kind, uri: `mongodb://127.0.0.1:1/${databaseName}`, stop: async () => undefined };
    },
  };
}

function jongodbInstalled(): boolean {
  try {
    jongodbBinaryPath();
    return true;
  } catch {
    return false;
  }
}

describe('startMongoServer (CONTRACT 1.1)', () => {
  it('uses MONGODB_URI when it is set and starts nothing', async () => {
    const calls: string[] = [];
    const lines: string[] = [];
    const handle = await startMongoServer({
      uri: 'mongodb://app:s3cret@db.internal:27017/brokerhub',
      strategies: [recordingStrategy('mongodb-memory-server', calls, undefined)],
      log: (line) => lines.push(line),
    });
    expect(handle.kind).to.equal('external');
    expect(handle.uri).to.equal('mongodb://app:s3cret@db.internal:27017/brokerhub');
    expect(calls).to.deep.equal([]);
    expect(lines).to.have.length(1);
    expect(lines[0]).to.contain('external server from MONGODB_URI').and.not.contain('s3cret');
  });

  it('prefers mongodb-memory-server and falls back to jongodb when no mongod can be had', async () => {
    const calls: string[] = [];
    const lines: string[] = [];
    const handle = await startMongoServer({
      strategies: [
        recordingStrategy('mongodb-memory-server', calls, 'Download failed: getaddrinfo ENOTFOUND'),
        recordingStrategy('jongodb', calls, undefined),
      ],
      log: (line) => lines.push(line),
    });
    expect(calls).to.deep.equal(['mongodb-memory-server', 'jongodb']);
    expect(handle.kind).to.equal('jongodb');
    expect(handle.uri).to.equal('mongodb://127.0.0.1:1/brokerhub');
    expect(lines).to.deep.equal([
      'MongoDB: embedded ephemeral jongodb at mongodb://127.0.0.1:1/brokerhub (mongodb-memory-server unavailable: ' +
        'Download failed: getaddrinfo ENOTFOUND)',
    ]);
  });

  it('does not try jongodb when mongodb-memory-server starts', async () => {
    const calls: string[] = [];
    const handle = await startMongoServer({
      strategies: [
        recordingStrategy('mongodb-memory-server', calls, undefined),
        recordingStrategy('jongodb', calls, undefined),
      ],
      log: () => undefined,
    });
    expect(handle.kind).to.equal('mongodb-memory-server');
    expect(calls).to.deep.equal(['mongodb-memory-server']);
  });

  it('fails with every reason when no server can be started', async () => {
    const calls: string[] = [];
    let caught: unknown;
    try {
      await startMongoServer({
        strategies: [
          recordingStrategy('mongodb-memory-server', calls, 'no binary'),
          recordingStrategy('jongodb', calls, 'not installed'),
        ],
        log: () => undefined,
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(NoMongoServerError);
    expect((caught as Error).message)
      .to.contain('mongodb-memory-server unavailable: no binary')
      .and.contain('jongodb unavailable: not installed');
  });

  it('orders the default strategies: mongodb-memory-server, then jongodb', () => {
    expect(defaultStrategies().map((s) => s.kind)).to.deep.equal(['mongodb-memory-server', 'jongodb']);
  });

  it('reports a missing optional jongodb package as a reason, not a crash', async () => {
    let caught: unknown;
    try {
      await jongodbStrategy(() => {
        throw new Error("Cannot find module '@jongodb/memory-server-bin-linux-x64-gnu/package.json'");
      }).start('x');
    } catch (error) {
      caught = error;
    }
    expect((caught as Error).message).to.contain('is not installed');
  });

  describe('the jongodb server', function () {
    before(function () {
      if (!jongodbInstalled()) this.skip();
    });

    let handle: MongoServerHandle | undefined;
    afterEach(async () => {
      await handle?.stop();
      handle = undefined;
    });

    it('starts a one-member replica set that supports transactions, and stop() leaves no process', async () => {
      handle = await jongodbStrategy().start('strategy_check');
      expect(handle.uri).to.match(/^mongodb:\/\/127\.0\.0\.1:\d+\/strategy_check\?replicaSet=/);
      const pid = handle.pid;
      expect(pid).to.be.a('number');
      const client = await MongoClient.connect(handle.uri, { serverSelectionTimeoutMS: 2_000 });
      const session = client.startSession();
      await session.withTransaction(async () => {
        await client.db().collection('t').insertOne({ a: 1 }, { session });
      });
      await session.endSession();
      expect(await client.db().collection('t').countDocuments()).to.equal(1);
      await client.close();
      await handle.stop();
      handle = undefined;
      expect(await waitUntil(() => !isAlive(pid as number), 5_000)).to.equal(true);
    });

    it('dies with its parent even when the parent is killed with SIGKILL', async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/start-jongodb-and-wait.ts'], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const pid = await new Promise<number>((resolve, reject) => {
        createInterface({ input: child.stdout }).on('line', (line) => {
          if (line.startsWith('PID=')) resolve(Number(line.slice(4)));
        });
        child.once('exit', () => reject(new Error('child exited before starting jongodb')));
      });
      expect(isAlive(pid)).to.equal(true);
      child.kill('SIGKILL');
      expect(await waitUntil(() => !isAlive(pid), 5_000)).to.equal(true, 'jongodb outlived its parent');
    });
  });
});

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { redactUri } from '../../system/redact-uri';

export { redactUri };

/**
 * Which MongoDB server the process talks to (CONTRACT 1.1): MONGODB_URI when set; otherwise an
 * ephemeral one-member replica set from mongodb-memory-server (a real mongod); where no mongod binary
 * can be had (an offline machine), the wire-compatible jongodb server from npm. One module does this
 * for `npm start` and for the test suite.
 */

export type MongoServerKind = 'external' | 'mongodb-memory-server' | 'jongodb';

export interface MongoServerHandle {
  readonly kind: MongoServerKind;
  readonly uri: string;
  /** The server's process id, when this process started it (diagnostics and tests). */
  readonly pid?: number | undefined;
  /** Stops the embedded server (and its child process); a no-op for an external server. */
  stop(): Promise<void>;
}

export interface EmbeddedMongoStrategy {
  readonly kind: Exclude<MongoServerKind, 'external'>;
  /** Starts a server or throws when this kind of server cannot be had on this machine. */
  start(databaseName: string): Promise<MongoServerHandle>;
}

export interface StartMongoOptions {
  readonly uri?: string | undefined;
  readonly databaseName?: string;
  readonly strategies?: readonly EmbeddedMongoStrategy[];
  readonly log: (line: string) => void;
}

export const DEFAULT_DATABASE = 'brokerhub';

export class NoMongoServerError extends Error {
  constructor(readonly reasons: readonly string[]) {
    super(`No MongoDB server could be started: ${reasons.join('; ')}. Set MONGODB_URI to use an existing server.`);
    this.name = 'NoMongoServerError';
  }
}

export async function startMongoServer(options: StartMongoOptions): Promise<MongoServerHandle> {
  if (options.uri !== undefined) {
    options.log(`MongoDB: external server from MONGODB_URI (${redactUri(options.uri)})`);
    return { kind: 'external', uri: options.uri, stop: async () => undefined };
  }
  const databaseName = options.databaseName ?? DEFAULT_DATABASE;
  const reasons: string[] = [];
  for (const strategy of options.strategies ?? defaultStrategies()) {
    try {
      const handle = await strategy.start(databaseName);
      const fallback = reasons.length > 0 ? ` (${reasons.join('; ')})` : '';
      const pid = handle.pid === undefined ? '' : ` (pid ${handle.pid})`;
      options.log(`MongoDB: embedded ephemeral ${handle.kind}${pid} at ${handle.uri}${fallback}`);
      return handle;
    } catch (error) {
      reasons.push(`${strategy.kind} unavailable: ${describe(error)}`);
    }
  }
  throw new NoMongoServerError(reasons);
}

export function defaultStrategies(): EmbeddedMongoStrategy[] {
  return [mongoMemoryServerStrategy(), jongodbStrategy()];
}

/** mongodb-memory-server: a real mongod, as a one-member replica set so transactions work. */
export function mongoMemoryServerStrategy(): EmbeddedMongoStrategy {
  return {
    kind: 'mongodb-memory-server',
    async start(databaseName) {
      const mms = await import('mongodb-memory-server');
      // Resolving the binary first (system binary, cache or download) fails fast and quietly when
      // none can be had, instead of the noisy failure of a replica-set start.
      await mms.MongoBinary.getPath();
      const replSet = await mms.MongoMemoryReplSet.create({ replSet: { count: 1 } });
      return {
        kind: 'mongodb-memory-server',
        uri: replSet.getUri(databaseName),
        // The library's own watchdog (mongo_killer) stops mongod if this process dies abruptly.
        stop: async () => {
          await replSet.stop({ doCleanup: true, force: true });
        },
      };
    },
  };
}

const JONGODB_PACKAGE = '@jongodb/memory-server-bin-linux-x64-gnu';
const JONGODB_START_TIMEOUT_MS = 20_000;

/**
 * jongodb runs behind a tiny shell watchdog whose stdin is a pipe from this process: when this
 * process exits for any reason (even SIGKILL) the pipe closes, `read` sees end-of-file and the
 * watchdog stops the server. A Node child cannot be tied to its parent's life any other way.
 */
const WATCHDOG = [
  '"$@" </dev/null & child=$!',
  'echo "JONGODB_PID=$child"',
  'trap \'kill -TERM "$child" 2>/dev/null; wait "$child"; exit 0\' TERM INT HUP',
  'while read -r _; do :; done',
  'kill -TERM "$child" 2>/dev/null',
  'wait "$child"',
  'exit 0',
].join('\n');

export function jongodbBinaryPath(): string {
  const manifest = require.resolve(`${JONGODB_PACKAGE}/package.json`);
  const binary = path.join(path.dirname(manifest), 'bin', 'jongodb');
  if (!existsSync(binary)) throw new Error(`${binary} is missing`);
  return binary;
}

export interface JongodbOptions {
  /** The TCP port to listen on; 0 (the default) lets the system choose a free one. */
  readonly port?: number;
}

export function jongodbStrategy(
  binaryPath: () => string = jongodbBinaryPath,
  options: JongodbOptions = {},
): EmbeddedMongoStrategy {
  return {
    kind: 'jongodb',
    async start(databaseName) {
      let binary: string;
      try {
        binary = binaryPath();
      } catch (error) {
        throw new Error(`optional package ${JONGODB_PACKAGE} is not installed (${describe(error)})`);
      }
      const child = spawn(
        'bash',
        [
          '-c',
          WATCHDOG,
          'jongodb-watchdog',
          binary,
          `--port=${options.port ?? 0}`,
          '--topology-profile=singleNodeReplicaSet',
        ],
        // Its own process group: a terminal's Ctrl-C reaches our process only, which then flushes
        // its buffers to the database and stops the server itself, in that order.
        { stdio: ['pipe', 'pipe', 'pipe'], detached: true },
      );
      try {
        const { uri, pid } = await readJongodbReady(child);
        return { kind: 'jongodb', uri: withDatabase(uri, databaseName), pid, stop: () => stopWatchdog(child) };
      } catch (error) {
        await stopWatchdog(child);
        throw error;
      }
    },
  };
}

function readJongodbReady(child: ChildProcessWithoutNullStreams): Promise<{ uri: string; pid: number | undefined }> {
  return new Promise((resolve, reject) => {
    let pid: number | undefined;
    let stderr = '';
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(() => finish(new Error('jongodb did not report ready in time')), JONGODB_START_TIMEOUT_MS);
    const finish = (error: Error | undefined, uri?: string): void => {
      clearTimeout(timer);
      lines.removeAllListeners('line');
      child.removeListener('exit', onExit);
      child.removeListener('error', finish);
      if (error !== undefined || uri === undefined) reject(error ?? new Error('jongodb exited'));
      else resolve({ uri, pid });
    };
    const onExit = (code: number | null): void =>
      finish(new Error(`jongodb exited with code ${code ?? 'null'}: ${stderr.trim().slice(0, 300)}`));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.once('exit', onExit);
    child.once('error', finish);
    lines.on('line', (line) => {
      if (line.startsWith('JONGODB_PID=')) pid = Number(line.slice('JONGODB_PID='.length));
      if (line.startsWith('JONGODB_URI=')) finish(undefined, line.slice('JONGODB_URI='.length).trim());
    });
  });
}

async function stopWatchdog(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdin.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

export function withDatabase(uri: string, databaseName: string): string {
  const parsed = new URL(uri);
  parsed.pathname = `/${databaseName}`;
  return parsed.toString();
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? error.name) : String(error);
}

import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { answers } from './tcp';

/** A free TCP port on loopback (asked of the kernel, then released). */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * redis-server runs behind a tiny shell watchdog whose stdin is a pipe from this process (as jongodb
 * does, src/adapters/mongo/shared/embedded-mongo.ts): when the test process ends for any reason, even
 * SIGKILL, the pipe closes, `read` sees end-of-file and the watchdog stops the server. No daemon is
 * ever left behind, whatever happens to mocha.
 */
const WATCHDOG = [
  '"$@" </dev/null >/dev/null & child=$!',
  'echo "REDIS_PID=$child"',
  'trap \'kill -TERM "$child" 2>/dev/null; wait "$child"; rm -rf "$REDIS_DIR"; exit 0\' TERM INT HUP',
  'while read -r _; do :; done',
  'kill -TERM "$child" 2>/dev/null',
  'wait "$child"',
  'rm -rf "$REDIS_DIR"',
  'exit 0',
].join('\n');

export interface OwnRedis {
  readonly url: string;
  readonly port: number;
  /** SIGKILL: the server is gone at once, as in a crash. */
  kill(): Promise<void>;
  /** An orderly stop (SIGTERM through the watchdog); waits until the server is gone. */
  stop(): Promise<void>;
}

async function readPid(watchdog: ChildProcessByStdio<Writable, Readable, null>): Promise<number> {
  const lines = createInterface({ input: watchdog.stdout });
  try {
    for await (const line of lines) if (line.startsWith('REDIS_PID=')) return Number(line.slice('REDIS_PID='.length));
  } finally {
    lines.close();
  }
  throw new Error('the redis-server watchdog ended before it started the server');
}

async function waitUntilListening(port: number, pid: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await answers('127.0.0.1', port))) {
    if (!alive(pid)) throw new Error(`redis-server exited before it listened on 127.0.0.1:${port}`);
    if (Date.now() > deadline) throw new Error(`redis-server did not listen on 127.0.0.1:${port} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A redis-server of the test process's own on a free loopback port, without persistence (no RDB,
 * no AOF, its working folder a fresh temporary one) and in the foreground (`--daemonize no`): a child
 * of this process that ends with it. The machine's or the developer's own Redis is never touched.
 * `binary` defaults to `redis-server` on PATH.
 */
export async function startOwnRedis(binary = 'redis-server'): Promise<OwnRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'brokerhub-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const watchdog = spawn(
    'bash',
    ['-c', WATCHDOG, 'redis-watchdog', binary, ...args, '--daemonize', 'no', '--dir', dir],
    {
      stdio: ['pipe', 'pipe', 'ignore'],
      // The server's empty working folder, removed by the watchdog also when this process was killed.
      env: { ...process.env, REDIS_DIR: dir },
      // Its own process group: a Ctrl-C reaches mocha only, which then stops the server in its hooks.
      detached: true,
    },
  );
  const exited = once(watchdog, 'exit');
  // Belt and braces for a normal exit that skips the hooks (process.exit in a test): kill it at once.
  let pid: number | undefined;
  const onExit = (): void => {
    if (pid !== undefined && alive(pid)) process.kill(pid, 'SIGKILL');
  };
  process.once('exit', onExit);
  const stop = async (signal: 'SIGKILL' | undefined): Promise<void> => {
    if (watchdog.exitCode === null && watchdog.signalCode === null) {
      if (signal !== undefined && pid !== undefined && alive(pid)) process.kill(pid, signal);
      watchdog.stdin.end();
      await exited;
    }
    process.removeListener('exit', onExit);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    pid = await readPid(watchdog);
    await waitUntilListening(port, pid);
  } catch (error) {
    await stop('SIGKILL');
    throw error;
  }
  return { url: `redis://127.0.0.1:${port}`, port, kill: () => stop('SIGKILL'), stop: () => stop(undefined) };
}

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { withIsolatedServerFile } from './cli';

/** `brokerhub serve` as a real process (the same entry point as npm start). */
export interface ServeChild {
  readonly child: ChildProcessWithoutNullStreams;
  readonly salesUrl: string;
  readonly hubUrl: string;
  /** The embedded MongoDB's process id, when serve started one. */
  readonly mongoPid: number | undefined;
  readonly exited: Promise<number | null>;
  /** Every stdout line so far (serve logs JSON lines to stdout). */
  readonly logs: string[];
}

/**
 * Starts serve on free loopback ports, on the embedded MongoDB unless `MONGODB_URI` is in `extraEnv`,
 * and resolves once it printed its URLs. `ownProcessGroup`: detached, as a terminal's job.
 */
export async function startServe(extraEnv: Record<string, string> = {}, ownProcessGroup = false): Promise<ServeChild> {
  const env: Record<string, string | undefined> = { ...process.env, HOST: '127.0.0.1', SALES_PORT: '0', HUB_PORT: '0' };
  delete env.MONGODB_URI;
  Object.assign(env, withIsolatedServerFile(extraEnv, `serve-${randomUUID()}`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: ownProcessGroup,
  });
  const logs: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let salesUrl = '';
  let hubUrl = '';
  let mongoPid: number | undefined;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('serve did not start within 30 s')), 30_000);
    void exited.then((code) => reject(new Error(`serve exited early with ${code}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      logs.push(line);
      const pid = /embedded ephemeral \S+ \(pid (\d+)\)/.exec(line);
      if (pid !== null) mongoPid = Number(pid[1]);
      if (line.startsWith('Sales service: ')) salesUrl = line.slice('Sales service: '.length);
      if (line.startsWith('Hub service: ')) hubUrl = line.slice('Hub service: '.length);
      if (line.startsWith('MongoDB: ')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { child, salesUrl, hubUrl, mongoPid, exited, logs };
}

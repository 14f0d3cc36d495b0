import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

/** `brokerhub serve` as a real process with the given environment (tracing on or off), and its logs. */
export interface TracedServe {
  readonly child: ChildProcessWithoutNullStreams;
  readonly salesUrl: string;
  readonly hubUrl: string;
  readonly exited: Promise<number | null>;
  /** Every stdout line so far (serve logs JSON lines to stdout). */
  readonly logs: string[];
  readonly stderr: string[];
}

/**
 * Unlike serve-child.ts, waits as long as a loaded machine needs (a traced start loads the SDK and
 * its instrumentations) and takes the whole environment from the caller.
 */
export async function startTracedServe(env: NodeJS.ProcessEnv, args: readonly string[] = []): Promise<TracedServe> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve', ...args], {
    env: { ...env, HOST: '127.0.0.1', SALES_PORT: '0', HUB_PORT: '0' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const stderr: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  createInterface({ input: child.stderr }).on('line', (line) => stderr.push(line));
  let salesUrl = '';
  let hubUrl = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr.join('\n')}`)), 120_000);
    void exited.then((code) => reject(new Error(`serve exited early with ${code}: ${stderr.join('\n')}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      logs.push(line);
      if (line.startsWith('Sales service: ')) salesUrl = line.slice('Sales service: '.length);
      if (line.startsWith('Hub service: ')) hubUrl = line.slice('Hub service: '.length);
      if (line.startsWith('MongoDB: ')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { child, salesUrl, hubUrl, exited, logs, stderr };
}

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Runs a bench helper script (`rotating-ip-load.ts`, `timed-writes.ts`, ...) as its own process with
 * its spec as JSON, and reads its answer from the last line it prints. `niceness`: the process runs
 * at a lower CPU priority. On one machine the load generator competes for the cores the server
 * needs, which a real attacker (on other machines) does not; niced, it takes the CPU the server
 * leaves, so it still sends as much as the server accepts.
 */
export async function runBenchProcess<T>(script: string, spec: unknown, niceness = 0): Promise<T> {
  const args = ['--import', 'tsx', script, JSON.stringify(spec)];
  const { stdout } = await (niceness === 0
    ? run(process.execPath, args, { maxBuffer: 4 * 1024 * 1024 })
    : run('nice', ['-n', String(niceness), process.execPath, ...args], { maxBuffer: 4 * 1024 * 1024 }));
  return JSON.parse(stdout.trim().split('\n').pop() ?? 'null') as T;
}

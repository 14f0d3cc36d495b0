// What bench:crash and bench:soak share: a database prepared through the product's use cases (a sales
// user and its API key, hub organizations with a webhook secret and a lead-form template), `brokerhub
// serve` as a child process on it (the same entry point as npm start), `check-data` as a child process,
// and the instant model (bench/support/instant-model-process.ts) for the chat appends of /ai/execute.
import { execFile, spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import * as E from 'fp-ts/Either';
import pino from 'pino';
import { ensureIndexes } from '../../src/adapters/mongo/shared/collection-indexes';
import { loadConfig } from '../../src/config';
import { openRuntime } from '../../src/runtime';
import type { CheckDataReport } from '../../src/application/shared/data-checks/check-data';

const ROOT = path.resolve(__dirname, '../..');

export interface PreparedData {
  readonly apiKey: string;
  readonly orgs: { id: string; secret: string }[];
}

/** The accounts the load needs, written through the use cases (as the CLI commands do). */
export async function prepareData(mongodbUri: string, organizations: number): Promise<PreparedData> {
  const loaded = loadConfig({ MONGODB_URI: mongodbUri, LOG_LEVEL: 'silent' });
  if (E.isLeft(loaded)) throw new Error(loaded.left.problem);
  const runtime = await openRuntime(loaded.right.config, pino({ level: 'silent' }));
  try {
    const app = runtime.app;
    await ensureIndexes(app.platform.db, app.indexes);
    const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
    const user = await app.salesIdentity.useCases.createSalesUser.execute({
      email,
      password: 'bench password 1',
      role: 'admin',
    });
    if (E.isLeft(user)) throw new Error('could not create the bench user');
    const key = await app.salesIdentity.useCases.createApiKey.execute({ actor: { system: true }, email });
    if (E.isLeft(key)) throw new Error('could not create the bench API key');
    const orgs: { id: string; secret: string }[] = [];
    for (let i = 0; i < organizations; i += 1) {
      const secret = `bench-secret-${randomUUID()}`;
      const org = await app.hubIdentity.useCases.createOrganization.execute({
        name: `Bench Org ${i} ${randomUUID().slice(0, 6)}`,
        webhookSecret: secret,
      });
      if (E.isLeft(org)) throw new Error('could not create a bench organization');
      const template = await app.hubLeads.useCases.createLeadTemplate.execute({
        orgId: org.right.id,
        name: 'Fiat',
        active: true,
        pipelineExternalId: 'forms',
        conditions: [{ path: 'interests.brand', value: 'Fiat' }],
        message: 'Olá {{contact.name}}, sobre o {{interests.product}}',
      });
      if (E.isLeft(template)) throw new Error('could not add the bench template');
      orgs.push({ id: org.right.id, secret });
    }
    return { apiKey: key.right.key, orgs };
  } finally {
    await runtime.close();
  }
}

export interface ServeProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly pid: number;
  readonly salesUrl: string;
  readonly hubUrl: string;
  readonly exited: Promise<number | null>;
}

/** Environment of serve and the CLI: the database, loopback, a server file of its own. */
export function serviceEnv(mongodbUri: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    MONGODB_URI: mongodbUri,
    HOST: '127.0.0.1',
    SALES_PORT: '0',
    HUB_PORT: '0',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
    BROKERHUB_SERVER_FILE: path.join(tmpdir(), `brokerhub-bench-${process.pid}.json`),
    ...extra,
  };
}

/** `node --import tsx src/main.ts serve`, resolved once it printed its URLs and its database. */
export async function startServe(env: NodeJS.ProcessEnv): Promise<ServeProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
    cwd: ROOT,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stderr: string[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => {
    if (stderr.length < 50) stderr.push(line);
  });
  let salesUrl = '';
  let hubUrl = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('serve did not start within 60 s')), 60_000);
    void exited.then((code) => reject(new Error(`serve exited early with ${code}: ${stderr.join('\n')}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('Sales service: ')) salesUrl = line.slice('Sales service: '.length);
      if (line.startsWith('Hub service: ')) hubUrl = line.slice('Hub service: '.length);
      if (line.startsWith('MongoDB: ')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { child, pid: child.pid ?? 0, salesUrl, hubUrl, exited };
}

export interface CheckDataRun {
  readonly code: number | null;
  readonly report: CheckDataReport | undefined;
  readonly stderr: string;
}

/** `brokerhub check-data --json [--repair]` as a child process. */
export async function checkData(env: NodeJS.ProcessEnv, repair: boolean): Promise<CheckDataRun> {
  const args = ['--import', 'tsx', 'src/main.ts', 'check-data', '--json', ...(repair ? ['--repair'] : [])];
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: ROOT, env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      let report: CheckDataReport | undefined;
      try {
        report = JSON.parse(stdout.trim().split('\n').pop() ?? '') as CheckDataReport;
      } catch {
        report = undefined;
      }
      resolve({ code, report, stderr: stderr.trim() });
    });
  });
}

export interface ModelProcess {
  readonly url: string;
  readonly child: ChildProcess;
}

/** The instant OpenAI-compatible model in its own process (ends when its stdin closes). */
export async function startModel(): Promise<ModelProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'instant-model-process.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  const { port } = JSON.parse(line) as { port: number };
  return { url: `http://127.0.0.1:${port}/v1`, child };
}

export const modelEnv = (model: ModelProcess): Record<string, string> => ({
  AI_API_URL: model.url,
  AI_API_KEY: 'sk-bench-not-a-real-key',
  AI_MODEL: 'bench-model',
});

/** Resident set size of a process, in MB (Linux /proc). */
export async function rssMb(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 'NaN');
  return kb / 1024;
}

import { Worker } from 'node:worker_threads';
import type { PasswordHasher } from '../../application/shared/ports';
import { Argon2PasswordHasher, OWASP_ARGON2ID, type Argon2Params } from './argon2-password-hasher';

export interface ThreadedHashingOptions {
  /** Worker threads, each hashing one password at a time (BoundedPasswordHasher sends no more than that). */
  readonly threads: number;
  /**
   * The threads' nice value (0 to 19) on Linux, where a thread has its own: the event loop keeps
   * priority over hashing, so hashing uses the CPU the requests leave. Ignored elsewhere (there a
   * thread's priority change would apply to the whole process).
   */
  readonly nice: number;
  readonly params?: Argon2Params;
}

/** The default nice value of the hashing threads. */
export const HASHING_THREAD_NICE = 10;

interface Job {
  readonly id: number;
  readonly op: 'hash' | 'verify';
  readonly password: string;
  readonly passwordHash?: string;
}
type Reply =
  | { readonly id: number; readonly ok: true; readonly value: string | boolean }
  | { readonly id: number; readonly ok: false; readonly message: string };

/**
 * The worker's code, as a string so it loads the same under tsx and from dist/. It hashes
 * synchronously on its own thread (not libuv's pool), which is what lets it lower its own priority.
 */
const workerSource = (argon2Path: string, nice: number, params: Argon2Params): string => `
const { parentPort } = require('node:worker_threads');
const argon2 = require(${JSON.stringify(argon2Path)});
if (${nice} > 0 && process.platform === 'linux') {
  try { require('node:os').setPriority(${nice}); } catch (error) { /* best effort: keep normal priority */ }
}
const options = {
  algorithm: 2, memoryCost: ${params.memoryCost}, timeCost: ${params.timeCost}, parallelism: ${params.parallelism},
};
parentPort.on('message', (job) => {
  try {
    const value = job.op === 'hash'
      ? argon2.hashSync(job.password, options)
      : argon2.verifySync(job.passwordHash, job.password);
    parentPort.postMessage({ id: job.id, ok: true, value });
  } catch (error) {
    parentPort.postMessage({ id: job.id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
`;

class HashingThread {
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { resolve: (value: string | boolean) => void; reject: (error: Error) => void }
  >();
  dead = false;

  constructor(source: string) {
    this.worker = new Worker(source, { eval: true });
    // An idle hashing thread never keeps the process alive; a busy one does, until its answer is in.
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => {
      const waiter = this.pending.get(reply.id);
      if (waiter === undefined) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if (reply.ok) waiter.resolve(reply.value);
      else waiter.reject(new Error(`password hashing: ${reply.message}`));
    });
    const fail = (error: Error) => {
      this.dead = true;
      for (const waiter of this.pending.values()) waiter.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`password hashing thread exited (code ${code})`)));
  }

  get busy(): number {
    return this.pending.size;
  }

  run(job: Job): Promise<string | boolean> {
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(job.id, { resolve, reject });
      this.worker.postMessage(job);
    });
  }

  async terminate(): Promise<void> {
    this.dead = true;
    await this.worker.terminate();
  }
}

/**
 * argon2id (OWASP parameters) on its own low-priority worker threads, started on first use and
 * restarted when one dies. BoundedPasswordHasher in front of it decides how many hashes run at once
 * and refuses past its queue; this class only keeps that work off the event loop's CPU share
 * (CONTRACT 9.5: a login flood must not starve the other routes). Hashes are standard PHC strings,
 * interchangeable with Argon2PasswordHasher's.
 */
export class ThreadedArgon2PasswordHasher implements PasswordHasher {
  private readonly threads: (HashingThread | undefined)[];
  private readonly source: string;
  private readonly dummy: Argon2PasswordHasher;
  private nextId = 1;

  constructor(private readonly options: ThreadedHashingOptions) {
    if (!Number.isInteger(options.threads) || options.threads < 1)
      throw new RangeError('threads must be a positive integer');
    const params = options.params ?? OWASP_ARGON2ID;
    this.source = workerSource(require.resolve('@node-rs/argon2'), options.nice, params);
    this.threads = Array.from({ length: options.threads }, () => undefined);
    // Only its dummy hash is used: same parameters and lengths as real ones, matching nothing.
    this.dummy = new Argon2PasswordHasher(params);
  }

  async hash(password: string): Promise<string> {
    return (await this.run({ op: 'hash', password })) as string;
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    return (await this.run({ op: 'verify', password, passwordHash })) as boolean;
  }

  async verifyAgainstDummy(password: string): Promise<false> {
    await this.run({ op: 'verify', password, passwordHash: this.dummy.dummyHash });
    return false;
  }

  /** Unbounded by itself: the bound is BoundedPasswordHasher's. */
  async checkCapacity(): Promise<void> {}

  async close(): Promise<void> {
    const running = this.threads.filter((thread): thread is HashingThread => thread !== undefined);
    this.threads.fill(undefined);
    await Promise.all(running.map((thread) => thread.terminate()));
  }

  private run(job: Omit<Job, 'id'>): Promise<string | boolean> {
    return this.pick().run({ ...job, id: this.nextId++ });
  }

  /** The least busy live thread, starting one where a slot is empty or its thread died. */
  private pick(): HashingThread {
    let best: HashingThread | undefined;
    for (let i = 0; i < this.threads.length; i += 1) {
      let thread = this.threads[i];
      if (thread === undefined || thread.dead) {
        thread = new HashingThread(this.source);
        this.threads[i] = thread;
      }
      if (thread.busy === 0) return thread;
      if (best === undefined || thread.busy < best.busy) best = thread;
    }
    return best as HashingThread;
  }
}

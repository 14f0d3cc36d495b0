import type { PasswordHasher } from '../../../src/application/shared/ports';
import { FastPasswordHasher } from './fast-password-hasher';

/**
 * The fast fake with a gate: while closed, every call starts (and is counted) but does not finish
 * until the gate opens, so a test can keep hashing "busy" without timing anything. Open, it is the
 * fast fake and passes the PasswordHasher contract.
 */
export class GatedPasswordHasher implements PasswordHasher {
  private readonly inner = new FastPasswordHasher();
  private gate: Promise<void> | undefined;
  private openGate: (() => void) | undefined;
  private readonly startWaiters: { count: number; resolve: () => void }[] = [];
  /** Calls that reached this hasher (running or held at the gate). */
  started = 0;

  /** Holds every call from now on until `open()`. */
  close(): void {
    if (this.gate !== undefined) return;
    this.gate = new Promise((resolve) => (this.openGate = resolve));
  }

  open(): void {
    this.openGate?.();
    this.gate = undefined;
    this.openGate = undefined;
  }

  /** Resolves once `count` calls have reached this hasher in total. */
  whenStarted(count: number): Promise<void> {
    if (this.started >= count) return Promise.resolve();
    return new Promise((resolve) => this.startWaiters.push({ count, resolve }));
  }

  hash(password: string): Promise<string> {
    return this.pass(() => this.inner.hash(password));
  }

  verify(passwordHash: string, password: string): Promise<boolean> {
    return this.pass(() => this.inner.verify(passwordHash, password));
  }

  verifyAgainstDummy(password: string): Promise<false> {
    return this.pass(() => this.inner.verifyAgainstDummy(password));
  }

  checkCapacity(): Promise<void> {
    return this.inner.checkCapacity();
  }

  private async pass<T>(work: () => Promise<T>): Promise<T> {
    this.started += 1;
    for (const waiter of this.startWaiters.filter((w) => w.count <= this.started)) {
      this.startWaiters.splice(this.startWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
    if (this.gate !== undefined) await this.gate;
    return work();
  }
}

/**
 * A fault, thrown like a database outage: a bounded resource (password hashing) is saturated and the
 * work was refused before it started, so nothing was written (CONTRACT 9.5). Each service answers 503
 * with `Retry-After: retryAfterSeconds` in its own error format.
 */
export class CapacityExceededError extends Error {
  constructor(
    readonly resource: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`${resource} is at capacity; retry in ${retryAfterSeconds} s`);
    this.name = 'CapacityExceededError';
  }
}

import type { Clock } from '../../application/shared/ports';

/** The only place that reads the wall clock: every other module is handed a Clock or a `now`. */
export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}

/**
 * Time that passes, for budgets and durations (a shutdown budget, how long a write took, a
 * Retry-After hold). It is read from the system even where a test fixes the Clock: a fixed clock
 * must not stretch a budget or make every write look instant.
 */
export interface Stopwatch {
  /** Milliseconds since the stopwatch started. */
  elapsedMs(): number;
}

export function startStopwatch(): Stopwatch {
  const started = Date.now();
  return { elapsedMs: () => Date.now() - started };
}

/** A point `budgetMs` from now (an infinite budget never passes). */
export interface Deadline {
  /** Milliseconds until the deadline; negative once it has passed. */
  leftMs(): number;
}

export function deadlineIn(budgetMs: number): Deadline {
  const at = Date.now() + budgetMs;
  return { leftMs: () => at - Date.now() };
}

/** A task `serve` repeats in the background (a dispatch pass, a sweep, a maintenance round). */
export interface PeriodicTask {
  /** Between the starts of two rounds. */
  readonly intervalMs: number;
  /** Runs a first round at once, before the first interval has passed (default: only after it). */
  readonly atStart?: boolean;
  /** One round; `stopping()` turns true once stop() is called, so a long round can end between its steps. */
  readonly round: (stopping: () => boolean) => Promise<void>;
  /** A round that threw; `stopping` says whether stop() had been called (a cut round is often no news). */
  readonly onError: (error: unknown, stopping: boolean) => void;
}

export interface RunningSchedule {
  /** Ends the schedule at once: no round starts after it; resolves when the running round has settled. */
  stop(): Promise<void>;
}

/**
 * Every schedule of `serve`, one way: a round every interval, never two at once (a round still running
 * when the next tick comes is not doubled: one process has no reason to compete with itself), faults
 * reported and retried by the next tick, and a stop that waits for the running round.
 */
export function startPeriodicTask(task: PeriodicTask): RunningSchedule {
  let running: Promise<void> | undefined;
  let stopping = false;
  const tick = (): void => {
    if (running !== undefined || stopping) return;
    running = task
      .round(() => stopping)
      .catch((error: unknown) => task.onError(error, stopping))
      .finally(() => {
        running = undefined;
      });
  };
  if (task.atStart === true) tick();
  const timer = setInterval(tick, task.intervalMs);
  return {
    stop: async () => {
      stopping = true;
      clearInterval(timer);
      await running;
    },
  };
}

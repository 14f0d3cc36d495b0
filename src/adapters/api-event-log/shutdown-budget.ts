import { deadlineIn, type Deadline } from '../system/system-clock';

/** What the shutdown budget drives: a write loop that can be flushed, paused and stopped. */
export interface BudgetedWriter {
  flush(): Promise<void>;
  /** Waits `ms`, or less when `stop` is called meanwhile. */
  pause(ms: number): Promise<void>;
  /** No new write from now on. */
  stop(): void;
  readonly stopped: boolean;
  /** Failed writes since start. */
  readonly failures: number;
  /** Entries still to write. */
  readonly waiting: number;
  /** The pause after the last failed write (ms). */
  readonly pauseMs: number;
  /** The longest recent write (ms). */
  readonly slowestWriteMs: number;
}

/** How often, at most, the budget checks whether another batch still fits (ms). */
const CHECK_MS = 100;

/**
 * CONTRACT 9.5: at shutdown the buffered entries are written for at most `budgetMs`, failures
 * paced by the writer's backoff, and no batch is started that would end past the budget (judged by
 * the slowest recent write). Without a budget (tests, tools) it does not wait out an outage: it
 * stops after the first failed write. The writer is stopped when this returns.
 */
export async function writeWithinBudget(writer: BudgetedWriter, budgetMs: number): Promise<void> {
  const finite = Number.isFinite(budgetMs);
  const deadline = deadlineIn(budgetMs);
  const drained = writeUntilDone(writer, finite);
  if (finite) {
    const stopping = stopInTime(writer, deadline);
    let spentTimer: NodeJS.Timeout | undefined;
    const spent = new Promise<void>((resolve) => {
      spentTimer = setTimeout(resolve, Math.max(0, budgetMs));
    });
    await Promise.race([drained, spent]);
    stopping.cancel();
    clearTimeout(spentTimer);
  } else {
    await drained;
  }
  writer.stop();
}

/** Flushes until nothing waits, pausing between failed writes (`finite`) or giving up at the first. */
async function writeUntilDone(writer: BudgetedWriter, finite: boolean): Promise<void> {
  do {
    const failuresBefore = writer.failures;
    await writer.flush();
    if (writer.failures > failuresBefore) {
      if (!finite) break;
      if (!writer.stopped) await writer.pause(writer.pauseMs);
    }
  } while (!writer.stopped && writer.waiting > 0);
}

/** Stops the writer once the slowest recent write no longer fits before the deadline. */
function stopInTime(writer: BudgetedWriter, deadline: Deadline): { cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const check = (): void => {
    const left = deadline.leftMs() - writer.slowestWriteMs;
    if (left <= 0) writer.stop();
    else timer = setTimeout(check, Math.min(left, CHECK_MS));
  };
  check();
  return { cancel: () => clearTimeout(timer) };
}

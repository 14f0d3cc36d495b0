import { expect } from 'chai';
import { writeWithinBudget, type BudgetedWriter } from '../../../src/adapters/api-event-log/shutdown-budget';

type Outcome = 'written' | 'failed' | 'hangs';

/** A writer that plays the given outcome on each flush: a write that lands, fails, or never ends. */
class ScriptedWriter implements BudgetedWriter {
  stopped = false;
  failures = 0;
  pauseMs = 7;
  slowestWriteMs = 0;
  readonly calls: string[] = [];
  /** Ends the writes that hang. */
  private readonly hanging: (() => void)[] = [];

  constructor(
    private readonly outcomes: Outcome[],
    public waiting = 1,
  ) {}

  async flush(): Promise<void> {
    const outcome = this.outcomes.shift() ?? 'written';
    this.calls.push(outcome);
    if (outcome === 'hangs') await new Promise<void>((resolve) => this.hanging.push(resolve));
    if (outcome === 'failed') this.failures += 1;
    else this.waiting = 0;
  }

  async pause(ms: number): Promise<void> {
    this.calls.push(`pause ${ms}`);
  }

  stop(): void {
    this.stopped = true;
  }

  release(): void {
    for (const end of this.hanging.splice(0)) end();
  }
}

describe('writeWithinBudget: the shutdown budget (CONTRACT 9.5)', () => {
  it('writes until nothing waits, pausing between failed writes by the backoff, then stops the writer', async () => {
    const writer = new ScriptedWriter(['failed', 'failed', 'written']);
    await writeWithinBudget(writer, 60_000);
    expect(writer.calls).to.deep.equal(['failed', 'pause 7', 'failed', 'pause 7', 'written']);
    expect(writer.stopped).to.equal(true);
  });

  it('without a budget, does not wait out an outage: it gives up at the first failed write', async () => {
    const writer = new ScriptedWriter(['failed', 'written']);
    await writeWithinBudget(writer, Number.POSITIVE_INFINITY);
    expect(writer.calls).to.deep.equal(['failed']);
    expect([writer.stopped, writer.waiting]).to.deep.equal([true, 1]);
  });

  it('with nothing to write, flushes once and returns', async () => {
    const writer = new ScriptedWriter([], 0);
    await writeWithinBudget(writer, 60_000);
    expect(writer.calls).to.deep.equal(['written']);
    expect(writer.stopped).to.equal(true);
  });

  it('returns once the budget is spent, even while a write never ends', async () => {
    const writer = new ScriptedWriter(['hangs']);
    await writeWithinBudget(writer, 5);
    expect(writer.stopped).to.equal(true);
    writer.release();
  });

  it('starts no batch that would end past the budget, judged by the slowest recent write', async () => {
    const writer = new ScriptedWriter(['hangs']);
    writer.slowestWriteMs = 120_000;
    const closing = writeWithinBudget(writer, 60_000);
    // Stopped at once: the write loop sees it before it starts another batch.
    expect(writer.stopped).to.equal(true);
    writer.release();
    await closing;
    expect(writer.calls).to.deep.equal(['hangs']);
  });
});

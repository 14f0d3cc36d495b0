import type { Clock } from '../ports';
import type { DataCheck } from './data-check';

/** Ids shown per check: enough to look at, never the whole list. */
export const EXAMPLES = 5;

export interface CheckReport {
  readonly name: string;
  readonly promise: string;
  /** Documents found breaking it. */
  readonly violations: number;
  /** Up to EXAMPLES of their ids, in the order found. */
  readonly examples: readonly string[];
  readonly repairable: boolean;
  /** Why it is not repairable (absent when it is). */
  readonly notRepairable?: string;
  /** Documents `--repair` fixed (0 without it). */
  readonly repaired: number;
  /** Violations still there at the end: after a repair, a second scan counts them. */
  readonly remaining: number;
}

export interface CheckDataReport {
  readonly repair: boolean;
  readonly checks: readonly CheckReport[];
  readonly violations: number;
  readonly repaired: number;
  readonly remaining: number;
}

export interface CheckDataProgress {
  (step: {
    readonly check: string;
    readonly pass: 'check' | 'recheck';
    readonly step: number;
    readonly steps: number;
    readonly scanned: number;
  }): void;
}

/**
 * `brokerhub check-data [--repair]` (CONTRACT 10.2): runs every check, counts its violations and keeps
 * a few example ids. With `repair`, each batch a check may repair is repaired as it is found, and the
 * check runs again so that `remaining` is what the data holds now, not an estimate. Without it,
 * nothing is written.
 */
export class CheckData {
  constructor(
    readonly checks: readonly DataCheck[],
    private readonly clock: Clock,
  ) {}

  async execute(options: {
    readonly repair: boolean;
    readonly progress?: CheckDataProgress;
  }): Promise<CheckDataReport> {
    const reports: CheckReport[] = [];
    const steps = this.checks.length;
    for (const [index, check] of this.checks.entries()) {
      const progress = (pass: 'check' | 'recheck') => (scanned: number) =>
        options.progress?.({ check: check.name, pass, step: index, steps, scanned });
      const first = await this.run(check, options.repair, progress('check'));
      const remaining =
        options.repair && first.repaired > 0
          ? (await this.run(check, false, progress('recheck'))).violations
          : first.violations;
      reports.push({
        name: check.name,
        promise: check.promise,
        violations: first.violations,
        examples: first.examples,
        repairable: check.notRepairable === undefined,
        ...(check.notRepairable === undefined ? {} : { notRepairable: check.notRepairable }),
        repaired: first.repaired,
        remaining,
      });
      options.progress?.({ check: check.name, pass: 'check', step: index + 1, steps, scanned: 0 });
    }
    const sum = (field: 'violations' | 'repaired' | 'remaining') => reports.reduce((total, r) => total + r[field], 0);
    return {
      repair: options.repair,
      checks: reports,
      violations: sum('violations'),
      repaired: sum('repaired'),
      remaining: sum('remaining'),
    };
  }

  private async run(
    check: DataCheck,
    repair: boolean,
    progress: (scanned: number) => void,
  ): Promise<{ violations: number; examples: string[]; repaired: number }> {
    let violations = 0;
    let repaired = 0;
    let scanned = 0;
    const examples: string[] = [];
    const scan = check.scan({
      now: this.clock.now(),
      scanned: (documents) => {
        scanned += documents;
        progress(scanned);
      },
    });
    for await (const batch of scan) {
      violations += batch.ids.length;
      for (const id of batch.ids) if (examples.length < EXAMPLES) examples.push(id);
      if (repair && batch.repair !== undefined) repaired += await batch.repair();
    }
    return { violations, examples, repaired };
  }
}

/** Median and range of a bench's rounds: one disturbed round does not decide, and the spread shows the noise. */
export interface Summary {
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  return { median, min: sorted[0] ?? 0, max: sorted[sorted.length - 1] ?? 0 };
}

/** Nearest-rank percentile (`p` from 0 to 100); 0 for no values. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** `1234 (1100-1300, ±7 %)`: the median, the range, and half the range relative to the median. */
export function describe(summary: Summary, digits = 0, unit = ''): string {
  const spread = summary.median === 0 ? 0 : ((summary.max - summary.min) / 2 / summary.median) * 100;
  const f = (n: number) => n.toFixed(digits);
  return `${f(summary.median)}${unit} (${f(summary.min)}-${f(summary.max)}, ±${spread.toFixed(0)} %)`;
}

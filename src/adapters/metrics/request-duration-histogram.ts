/** One label set's observations: per-bucket counts (not cumulative), their sum and count. */
interface Cell {
  readonly counts: Float64Array;
  sum: number;
  count: number;
}

/** Label values in the text format: backslash, double quote and line feed escaped. */
const labelValue = (value: string): string => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/**
 * The request-duration histogram, observed on every request. prom-client's `Histogram.observe` builds
 * and validates a label object and hashes it into a string key on each call, a few microseconds a
 * request under load (bench:metrics, CPU profile); here the label values index nested maps and a
 * bucket count is incremented, and the work of writing the text is left to the scrape. The text is
 * what prom-client writes for a histogram (`_bucket` cumulative with `le`, `+Inf`, `_sum`, `_count`);
 * a test holds the two together.
 */
export class RequestDurationHistogram {
  /** route -> method -> status -> cell. */
  private readonly cells = new Map<string, Map<string, Map<number, Cell>>>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly buckets: readonly number[],
  ) {}

  observe(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.cells.get(route);
    if (byMethod === undefined) this.cells.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) byMethod.set(method, (byStatus = new Map()));
    let cell = byStatus.get(status);
    if (cell === undefined)
      byStatus.set(status, (cell = { counts: new Float64Array(this.buckets.length), sum: 0, count: 0 }));
    const { buckets } = this;
    let bucket = 0;
    while (bucket < buckets.length && seconds > (buckets[bucket] as number)) bucket += 1;
    if (bucket < buckets.length) cell.counts[bucket] = (cell.counts[bucket] as number) + 1;
    cell.sum += seconds;
    cell.count += 1;
  }

  /** The Prometheus text format of every label set observed so far. */
  text(): string {
    const { name, buckets } = this;
    const lines = [
      `# HELP ${name} ${this.help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`,
      `# TYPE ${name} histogram`,
    ];
    for (const [route, byMethod] of this.cells) {
      for (const [method, byStatus] of byMethod) {
        for (const [status, cell] of byStatus) {
          const labels = `method="${labelValue(method)}",route="${labelValue(route)}",status="${status}"`;
          let cumulative = 0;
          buckets.forEach((bound, i) => {
            cumulative += cell.counts[i] as number;
            lines.push(`${name}_bucket{le="${bound}",${labels}} ${cumulative}`);
          });
          lines.push(
            `${name}_bucket{le="+Inf",${labels}} ${cell.count}`,
            `${name}_sum{${labels}} ${cell.sum}`,
            `${name}_count{${labels}} ${cell.count}`,
          );
        }
      }
    }
    return `${lines.join('\n')}\n`;
  }
}

// Peak RSS of dataset workers round by round (bench:kpi, bench:sdr-lists; issue 24's target: at most 20 MiB more on
// the largest dataset than on the smallest).
import { describe as describeSummary, summarize } from './bench-stats';
import { workerMemory, workerPeakReset, type DatasetWorker } from './dataset-worker';

/** What a worker measured by measureRoundPeaks is started with (startDatasetWorker's `nodeFlags`): `gc()` for it. */
export const ROUND_PEAK_NODE_FLAGS: readonly string[] = ['--expose-gc'];

export interface RoundPeaks {
  /** Each worker's peak per round (MiB), by its name. */
  readonly peaks: ReadonlyMap<string, readonly number[]>;
  /** False: this system cannot reset a peak or the workers run without `--expose-gc`; the judgement falls back. */
  readonly reset: boolean;
}

/**
 * Per round and worker: a full collection and a reset of the worker's peak (workerPeakReset), then `run` (the round's
 * loads), then the peak. Every round starts from the live heap, whichever dataset: the peak since a worker's start is
 * the top of whichever old-generation cycle ran highest (V8 collects the promoted garbage when its limit is reached),
 * which runs of the same code put 30 MiB apart. The loads' CPU is not measured here.
 */
export async function measureRoundPeaks<W extends DatasetWorker<unknown>>(
  workers: readonly W[],
  rounds: number,
  nameOf: (worker: W) => string,
  run: (worker: W, round: number) => Promise<void>,
): Promise<RoundPeaks> {
  const peaks = new Map<string, number[]>();
  let reset = true;
  for (let round = 0; round < rounds && reset; round += 1) {
    for (const w of workers) {
      const start = await workerPeakReset(w);
      reset &&= start.reset && start.collected;
      await run(w, round);
      peaks.set(nameOf(w), [...(peaks.get(nameOf(w)) ?? []), (await workerMemory(w)).peakMiB]);
    }
    process.stdout.write(`memory round ${round + 1}/${rounds} done\n`);
  }
  return { peaks, reset };
}

/**
 * The target's line (without its verdict): the median of the per-round differences between the two workers' peaks,
 * with the peaks' medians and ranges; `note`: the peaks since each worker's start, not judged. Without round peaks,
 * the peaks since the start are judged, as the line says.
 */
export function judgeRoundPeaks(options: {
  readonly what: string;
  readonly small: string;
  readonly large: string;
  readonly measured: RoundPeaks;
  /** Each worker's peak since its start (MiB), by name. */
  readonly lifetime: ReadonlyMap<string, number>;
  readonly maxGrowthMiB: number;
}): { readonly line: string; readonly met: boolean; readonly note?: string } {
  const { small, large, measured, maxGrowthMiB } = options;
  const mib = (n: number) => n.toFixed(1);
  const [fromStart, toStart] = [options.lifetime.get(small) ?? 0, options.lifetime.get(large) ?? 0];
  const growthFromStart = toStart - fromStart;
  const lifetime = `"${small}" ${mib(fromStart)} MiB -> "${large}" ${mib(toStart)} MiB, growth ${mib(growthFromStart)}`;
  const target = `(target <= ${maxGrowthMiB} MiB)`;
  const [a, b] = [measured.peaks.get(small) ?? [], measured.peaks.get(large) ?? []];
  const growths = b.map((peak, r) => peak - (a[r] ?? Number.NaN));
  if (!measured.reset || growths.length === 0 || !growths.every(Number.isFinite)) {
    const met = growthFromStart <= maxGrowthMiB;
    return {
      met,
      line:
        `${options.what}, since its start (the peak could not be reset from a collected heap): ${lifetime} MiB ` +
        target,
    };
  }
  const growth = summarize(growths);
  return {
    met: growth.median <= maxGrowthMiB,
    line:
      `${options.what} in a round, from a collected heap (${growths.length} rounds): "${small}" ` +
      `${describeSummary(summarize(a), 1)} MiB -> "${large}" ${describeSummary(summarize(b), 1)} MiB, growth per ` +
      `round ${mib(growth.median)} MiB (${mib(growth.min)} to ${mib(growth.max)}) ${target}`,
    note:
      `(not judged: the peaks since each worker's start, before these rounds: ${lifetime} MiB; they follow when V8's ` +
      'full collections fall, docs/decisions.md)',
  };
}

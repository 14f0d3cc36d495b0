import type { ReadModelWriteOutcome, VersionedReadModel } from '../read-model-ports';

/** Documents refreshed per round of keyed lookups. */
export const REFRESH_BATCH = 500;
/** Claim-read-write rounds for a document another refresh inserted first. */
const RETRIES = 3;

/**
 * One read model as a projection of its sources (ARCHITECTURE 21): where its documents live, how a
 * batch of them is recomputed, which keys a rebuild visits, and which documents of the projections
 * after it a change of its own touches. A new read model is one such object and one adapter.
 */
export interface Projection<T, N extends string = string> {
  /** The name the counts and the rebuild's progress use. */
  readonly name: N;
  readonly model: VersionedReadModel<T>;
  /** Recomputes the documents of these ids from their sources (absent: the document goes). */
  compute(ids: readonly string[]): Promise<Map<string, T>>;
  /** Every key a rebuild must visit besides those the earlier projections hand on: sources first, then documents. */
  rebuildKeys(): AsyncIterable<string>;
  /** The keys of later projections whose documents depend on these of this one (a chat's phone: its contact). */
  dependents?(ids: readonly string[]): { readonly projection: N; readonly keys: readonly string[] };
}

/** What refreshes did, per projection (documents visited) and in all (written, left to a fresher refresh). */
export type ProjectionCounts<N extends string = string> = Record<N, number> & { written: number; superseded: number };

export interface RebuildProgress<N extends string = string> {
  /** Called after each batch: what the rebuild has done so far of how much. */
  (done: { readonly phase: N; readonly done: number; readonly total: number }): void | Promise<void>;
}

/**
 * The one refresh protocol of every read model (CONTRACT 10.1; ReadModelClaim), over a list of
 * projections in dependency order: a write's refresh claims, recomputes and writes on the claimed
 * generation, then refreshes the documents of later projections that depend on what it refreshed; the
 * rebuild reads without claiming and writes only what differs on the generation read; verification
 * recomputes and writes nothing. Each is idempotent and safe against concurrent refreshes.
 */
export class RefreshProtocol<N extends string> {
  private readonly byName: ReadonlyMap<N, Projection<unknown, N>>;

  constructor(
    private readonly projections: readonly Projection<unknown, N>[],
    private readonly now: () => Date,
  ) {
    this.byName = new Map(projections.map((p) => [p.name, p]));
  }

  /** Zero counts, the projections' names first (the order the CLI prints them in). */
  emptyCounts(): ProjectionCounts<N> {
    const counts = Object.fromEntries(this.projections.map((p) => [p.name, 0])) as Record<N, number>;
    return Object.assign(counts, { written: 0, superseded: 0 });
  }

  /**
   * A write's refresh of these ids, REFRESH_BATCH at a time, then of the documents depending on them (and `handOn`).
   */
  async refresh(
    name: N,
    ids: readonly string[],
    counts: ProjectionCounts<N>,
    handOn: readonly string[] = [],
  ): Promise<ProjectionCounts<N>> {
    const projection = this.projection(name);
    const all = [...new Set(ids)];
    for (let i = 0; i < all.length; i += REFRESH_BATCH)
      await this.refreshBatch(projection, all.slice(i, i + REFRESH_BATCH), counts);
    const dependents = projection.dependents?.(all);
    if (dependents !== undefined) await this.refresh(dependents.projection, [...dependents.keys, ...handOn], counts);
    return counts;
  }

  /**
   * Every projection from scratch, in order: the keys the earlier ones hand on, then its own rebuild
   * keys, compared in batches; only documents that differ are written, those whose sources are gone
   * are removed. Safe while the service runs: a write lands only on the generation read before the
   * sources were, so any refresh that claimed the document since wins.
   */
  async rebuild(progress?: RebuildProgress<N>): Promise<ProjectionCounts<N>> {
    const counts = this.emptyCounts();
    const handed = new Map<N, string[]>();
    for (const projection of this.projections) {
      const keys = new Set(handed.get(projection.name) ?? []);
      for await (const key of projection.rebuildKeys()) keys.add(key);
      const ids = [...keys];
      for (let i = 0; i < ids.length; i += REFRESH_BATCH) {
        await this.reconcileBatch(projection, ids.slice(i, i + REFRESH_BATCH), counts);
        await progress?.({ phase: projection.name, done: Math.min(i + REFRESH_BATCH, ids.length), total: ids.length });
      }
      const dependents = projection.dependents?.(ids);
      if (dependents !== undefined)
        handed.set(dependents.projection, [...(handed.get(dependents.projection) ?? []), ...dependents.keys]);
    }
    return counts;
  }

  /** Documents a refresh claimed and never wrote (it died half-way), claimed before `before`: refreshed again. */
  async repairDirty(before: Date, limit = REFRESH_BATCH): Promise<ProjectionCounts<N>> {
    const counts = this.emptyCounts();
    for (const projection of this.projections) {
      const ids = await projection.model.dirtyIds(before, limit);
      if (ids.length > 0) await this.refresh(projection.name, ids, counts);
    }
    return counts;
  }

  /**
   * The ids whose documents differ from their recomputation (one missing, one left over, one with other
   * values), written nowhere (`check-data`, CONTRACT 10.2). The bookkeeping fields (generation,
   * dirtySince) are not compared. `absentOnly`: only the ids without a document are judged (their
   * documents were judged already). At most REFRESH_BATCH ids a call.
   */
  async verify(name: N, ids: readonly string[], absentOnly = false): Promise<string[]> {
    const projection = this.projection(name);
    const unique = [...new Set(ids)];
    const stored = new Map(
      (await projection.model.snapshot(unique)).flatMap((d) => (d.generation === null ? [] : [[d.id, d.value]])),
    );
    const judged = unique.filter((id) => !absentOnly || !stored.has(id));
    if (judged.length === 0) return [];
    const computed = await projection.compute(judged);
    return judged.filter((id) => !sameValue(stored.get(id), computed.get(id)));
  }

  private projection(name: N): Projection<unknown, N> {
    const projection = this.byName.get(name);
    if (projection === undefined) throw new Error(`no read-model projection named ${name}`);
    return projection;
  }

  /**
   * The rebuild's step for a batch: the documents are read as they are (no claim), then recomputed, and
   * only the documents that differ are written, each on the generation read (a claim made since by a
   * refresh supersedes it). A rebuild of models that are right writes nothing. A first insert another
   * refresh made first is refreshed again, claimed.
   */
  private async reconcileBatch<T>(projection: Projection<T, N>, ids: readonly string[], counts: ProjectionCounts<N>) {
    const stored = await projection.model.snapshot(ids);
    const computed = await projection.compute(ids);
    add(counts, projection.name, ids.length);
    const changed = stored.filter((doc) => !sameValue(doc.value, computed.get(doc.id)));
    if (changed.length === 0) return;
    const outcome = await projection.model.put(
      changed.map(({ id, generation }) => ({ claim: { id, generation }, value: computed.get(id) })),
    );
    const retry = account(outcome, counts, ids);
    if (retry.length > 0) await this.refreshBatch(projection, retry, this.emptyCounts());
  }

  /**
   * A write's refresh of a batch: claim, recompute, write on the claimed generation; a lost first insert is done again.
   */
  private async refreshBatch<T>(projection: Projection<T, N>, ids: readonly string[], counts: ProjectionCounts<N>) {
    let pending = ids;
    for (let round = 0; round < RETRIES && pending.length > 0; round += 1) {
      const claims = await projection.model.claim(pending, this.now());
      const computed = await projection.compute(pending);
      const outcome = await projection.model.put(claims.map((claim) => ({ claim, value: computed.get(claim.id) })));
      add(counts, projection.name, round === 0 ? pending.length : 0);
      pending = account(outcome, counts, pending);
    }
  }
}

function add<N extends string>(counts: ProjectionCounts<N>, name: N, n: number): void {
  const tally: Record<N, number> = counts;
  tally[name] += n;
}

function account(
  outcome: ReadModelWriteOutcome,
  counts: { written: number; superseded: number },
  pending: readonly string[],
): string[] {
  counts.written += outcome.written;
  counts.superseded += outcome.superseded;
  const retry = new Set(outcome.retry);
  return pending.filter((id) => retry.has(id));
}

/** Equal as stored values: the same fields with the same values, whatever their order (dates by their time). */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) =>
      v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>)
              .filter(([, inner]) => inner !== undefined)
              .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
          )
        : v,
    ) ?? 'undefined'
  );
}

import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { kpiPeriod, type KpiPeriod } from '../../domain/kpi/period';
import type { KpiInput, SdrKpi } from './get-sdr-kpi';
import type { SdrTrending } from './get-sdr-trending';
import type { SubscriptionLeads } from './get-subscription-leads';
import type { CachedReports } from './cached-reports';

/** A KPI use case: the figures of a period. */
export interface KpiReport<T> {
  execute(input: KpiInput): Promise<E.Either<never, T>>;
}

/** A report and whether it came from the cache (the routes' `X-Cache`). */
export interface CachedKpi<T> {
  readonly report: T;
  readonly hit: boolean;
}

/** Reports kept decoded per use case (the in-memory KPI cache keeps 1,000 entries in all). */
const MAX_DECODED = 100;

/**
 * A KPI use case behind the KPI cache (CONTRACT 8.3): one entry per report and normalized period
 * (`period.key`), shared by every caller (the routes and the assistant's `get_sdr_kpis`), kept as
 * JSON text, one computation per entry at a time (single flight, `CachedReports`). A hit answers the
 * figures computed then, their period included.
 */
export class CachedKpiReport<T> {
  /** The report last read per key, with the JSON it was read from: a hit on the same entry is not decoded again. */
  private readonly decoded = new Map<string, { readonly json: string; readonly report: T }>();

  constructor(
    private readonly name: string,
    private readonly report: KpiReport<T>,
    private readonly codec: t.Type<T, unknown>,
    private readonly reports: CachedReports,
  ) {}

  async execute(input: KpiInput): Promise<E.Either<never, CachedKpi<T>>> {
    const key = `${this.name}?${input.period.key}`;
    const { json, hit } = await this.reports.answer(key, async () => {
      const computed = await this.report.execute(input);
      return E.isLeft(computed) ? computed.left : this.codec.encode(computed.right);
    });
    return E.right({ report: this.read(key, json), hit });
  }

  private read(key: string, json: string): T {
    const known = this.decoded.get(key);
    if (known?.json === json) return known.report;
    const decoded = this.codec.decode(JSON.parse(json));
    // The cache holds only what this class wrote: anything else is a fault, not an answer.
    if (E.isLeft(decoded)) throw new Error(`the KPI cache entry of ${this.name} is not a ${this.codec.name}`);
    // Bounded like the in-memory cache: the entry read longest ago makes room.
    this.decoded.delete(key);
    const oldest = this.decoded.keys().next();
    if (this.decoded.size >= MAX_DECODED && oldest.done !== true) this.decoded.delete(oldest.value);
    this.decoded.set(key, { json, report: decoded.right });
    return decoded.right;
  }
}

/** A period as cached: its bounds as ISO timestamps; its local days are computed again when read. */
const CachedPeriod = new t.Type<KpiPeriod, { from: string; to: string; timeZone: string; key: string }>(
  'a KPI period',
  (u): u is KpiPeriod => typeof u === 'object' && u !== null && 'days' in u,
  (u, c) => {
    const fields = t.type({ from: t.string, to: t.string, timeZone: t.string, key: t.string }).validate(u, c);
    if (E.isLeft(fields)) return fields;
    const { from, to, timeZone, key } = fields.right;
    return t.success(kpiPeriod(new Date(from), new Date(to), timeZone, key));
  },
  (p) => ({ from: p.from.toISOString(), to: p.to.toISOString(), timeZone: p.timeZone, key: p.key }),
);

const LocalDate = t.type({ year: t.number, month: t.number, day: t.number });

export const SdrKpiReport: t.Type<SdrKpi, unknown> = t.type(
  {
    period: CachedPeriod,
    contacts: t.number,
    leads: t.number,
    conversionRate: t.number,
    averageResponseTimeSeconds: t.union([t.number, t.null]),
    responseRate: t.number,
  },
  'SdrKpi',
);

export const SdrTrendingReport: t.Type<SdrTrending, unknown> = t.type(
  {
    period: CachedPeriod,
    points: t.readonlyArray(t.type({ date: LocalDate, contacts: t.number, leads: t.number, conversionRate: t.number })),
  },
  'SdrTrending',
);

export const SubscriptionLeadsReport: t.Type<SubscriptionLeads, unknown> = t.type(
  {
    period: CachedPeriod,
    total: t.number,
    withPhone: t.number,
    qualified: t.number,
    conversionRate: t.number,
    points: t.readonlyArray(t.type({ date: LocalDate, total: t.number, qualified: t.number })),
  },
  'SubscriptionLeads',
);

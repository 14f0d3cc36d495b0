import * as E from 'fp-ts/Either';
import type { LocalDate } from '../../domain/kpi/local-days';
import type { FunnelPoint } from '../../domain/kpi/sdr-activity';
import type { KpiPeriod } from '../../domain/kpi/period';
import type { KpiInput } from './get-sdr-kpi';
import { measureFunnel, type FunnelSources } from './sdr-funnel';

export interface SdrTrending {
  readonly period: KpiPeriod;
  /** One point per local day of the period, oldest first, zeros included. */
  readonly points: readonly (FunnelPoint & { readonly date: LocalDate })[];
}

/** GET /kpi/sdr/trending (CONTRACT 8.3): contacts, leads and their rate per local day. */
export class GetSdrTrending {
  constructor(private readonly sources: FunnelSources) {}

  async execute(input: KpiInput): Promise<E.Either<never, SdrTrending>> {
    const funnel = await measureFunnel(this.sources, input.period, false);
    const dates = input.period.days.dates;
    return E.right({
      period: input.period,
      points: funnel.points.map((point, i) => ({ date: dates[i] as LocalDate, ...point })),
    });
  }
}

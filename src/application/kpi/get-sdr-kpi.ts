import * as E from 'fp-ts/Either';
import type { KpiPeriod } from '../../domain/kpi/period';
import { measureFunnel, type FunnelSources } from './sdr-funnel';

export interface KpiInput {
  readonly period: KpiPeriod;
}

export interface SdrKpi {
  readonly period: KpiPeriod;
  readonly contacts: number;
  readonly leads: number;
  readonly conversionRate: number;
  readonly averageResponseTimeSeconds: number | null;
  readonly responseRate: number;
}

/** GET /kpi/sdr (CONTRACT 8.3): the funnel of the period and how fast and how often chats were answered. */
export class GetSdrKpi {
  constructor(private readonly sources: FunnelSources) {}

  async execute(input: KpiInput): Promise<E.Either<never, SdrKpi>> {
    const { contacts, leads, conversionRate, averageResponseTimeSeconds, responseRate } = await measureFunnel(
      this.sources,
      input.period,
      true,
    );
    return E.right({ period: input.period, contacts, leads, conversionRate, averageResponseTimeSeconds, responseRate });
  }
}

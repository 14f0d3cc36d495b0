// The metrics of a filtered set of contacts (CONTRACT 8.2), summed by the database or in the process.

export interface ContactMetrics {
  readonly totalContacts: number;
  readonly activeContacts: number;
  /** qualified / total, a fraction with 4 decimals (0 when empty). */
  readonly conversionRate: number;
  readonly totalMessages: number;
  readonly sdrDisparos: number;
  readonly sdrConvertidos: number;
  /** 100 x sdrConvertidos / sdrDisparos, 2 decimals (0 when none). */
  readonly sdrTaxaConversao: number;
}

/** Running sums over a filtered set of contacts (CONTRACT 8.2 metrics). */
export interface MetricsTally {
  total: number;
  active: number;
  qualified: number;
  messages: number;
  interactions: number;
  convertedInteractions: number;
}

export const emptyTally = (): MetricsTally => ({
  total: 0,
  active: 0,
  qualified: 0,
  messages: 0,
  interactions: 0,
  convertedInteractions: 0,
});

const round = (value: number, decimals: number): number => Math.round(value * 10 ** decimals) / 10 ** decimals;

export function metricsOf(tally: MetricsTally): ContactMetrics {
  return {
    totalContacts: tally.total,
    activeContacts: tally.active,
    conversionRate: tally.total === 0 ? 0 : round(tally.qualified / tally.total, 4),
    totalMessages: tally.messages,
    sdrDisparos: tally.interactions,
    sdrConvertidos: tally.convertedInteractions,
    sdrTaxaConversao: tally.interactions === 0 ? 0 : round((100 * tally.convertedInteractions) / tally.interactions, 2),
  };
}

import * as E from 'fp-ts/Either';
import { dayIndexOf, type LocalDate } from '../../domain/kpi/local-days';
import { inPeriod, type KpiPeriod } from '../../domain/kpi/period';
import { rate } from '../../domain/kpi/sdr-activity';
import { parseWebSessionId } from '../../domain/sdr/interaction';
import type { ContactReadModel, ReadModelFreshness } from '../sdr/read-model-ports';
import type { KpiInput } from './get-sdr-kpi';

export interface SubscriptionLeads {
  readonly period: KpiPeriod;
  readonly total: number;
  readonly withPhone: number;
  readonly qualified: number;
  readonly conversionRate: number;
  readonly points: readonly { readonly date: LocalDate; readonly total: number; readonly qualified: number }[];
}

/**
 * GET /kpi/subscription-leads (CONTRACT 8.3): the contacts (8.2, the one definition) that signed up
 * through the web (a web session id) and were created (their first interaction) in the period, read
 * from the contact read model by that time (CONTRACT 10.1).
 */
export class GetSubscriptionLeads {
  constructor(
    private readonly sources: { readonly contacts: ContactReadModel; readonly freshness: ReadModelFreshness },
  ) {}

  async execute(input: KpiInput): Promise<E.Either<never, SubscriptionLeads>> {
    const { period } = input;
    const totals = period.days.dates.map((date) => ({ date, total: 0, qualified: 0 }));
    let total = 0;
    let withPhone = 0;
    let qualified = 0;
    await this.sources.freshness.catchUp();
    for await (const contact of this.sources.contacts.webContactsFirstBetween(period.from, period.to)) {
      if (parseWebSessionId(contact.sessionId) === undefined || !inPeriod(period, contact.firstInteraction)) continue;
      total += 1;
      if (contact.personHasPhone) withPhone += 1;
      if (contact.qualified) qualified += 1;
      const point = totals[dayIndexOf(period.days, contact.firstInteraction)];
      if (point === undefined) continue;
      point.total += 1;
      if (contact.qualified) point.qualified += 1;
    }
    return E.right({ period, total, withPhone, qualified, conversionRate: rate(qualified, total), points: totals });
  }
}

import * as E from 'fp-ts/Either';
import {
  compareContacts,
  emptyTally,
  matchesContactFilter,
  metricsOf,
  tallyContact,
  type Contact,
  type ContactFilter,
  type ContactMetrics,
  type ContactSortField,
  type SortOrder,
} from '../../domain/sdr/contact';
import type { Clock } from '../shared/ports';
import { streamContacts, type ContactSources } from './sdr-contacts';

export interface ListSdrContactsInput {
  readonly filter: ContactFilter;
  readonly sortBy: ContactSortField;
  readonly sortOrder: SortOrder;
  readonly page: number;
  readonly limit: number;
}

export interface ListSdrContactsOutput {
  readonly items: readonly Contact[];
  readonly total: number;
  readonly metrics: ContactMetrics;
}

export type ListSdrContactsError = { readonly _tag: 'InvalidDateRange' };

/** GET /sdr/contacts (CONTRACT 8.2): the filtered contacts' page and the metrics over all of them. */
export class ListSdrContacts {
  constructor(
    private readonly sources: ContactSources,
    private readonly clock: Clock,
  ) {}

  async execute(input: ListSdrContactsInput): Promise<E.Either<ListSdrContactsError, ListSdrContactsOutput>> {
    const { filter } = input;
    if (filter.dateFrom !== undefined && filter.dateTo !== undefined && filter.dateFrom > filter.dateTo) return E.left({ _tag: 'InvalidDateRange' });
    const now = this.clock.now();
    const tally = emptyTally();
    const matching: Contact[] = [];
    for await (const contact of streamContacts(this.sources)) {
      if (!matchesContactFilter(contact, filter, now)) continue;
      tallyContact(tally, contact, now);
      matching.push(contact);
    }
    matching.sort(compareContacts(input.sortBy, input.sortOrder));
    const start = (input.page - 1) * input.limit;
    return E.right({ items: matching.slice(start, start + input.limit), total: tally.total, metrics: metricsOf(tally) });
  }
}

import * as E from 'fp-ts/Either';
import {
  metricsOf,
  type Contact,
  type ContactFilter,
  type ContactMetrics,
  type ContactSortField,
  type SortOrder,
} from '../../domain/sdr/contact';
import type { Clock } from '../shared/ports';
import type { ContactReadModel, ReadModelFreshness } from './read-model-ports';

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

/**
 * GET /sdr/contacts (CONTRACT 8.2, 10.1): the page and the metrics over the whole filtered set, both
 * from the contact read model (filtered, sorted, paged and summed by the database, in one round trip), once the
 * gateway's new messages are folded in.
 */
export class ListSdrContacts {
  constructor(
    private readonly contacts: ContactReadModel,
    private readonly freshness: ReadModelFreshness,
    private readonly clock: Clock,
  ) {}

  async execute(input: ListSdrContactsInput): Promise<E.Either<ListSdrContactsError, ListSdrContactsOutput>> {
    const { filter } = input;
    if (filter.dateFrom !== undefined && filter.dateTo !== undefined && filter.dateFrom > filter.dateTo)
      return E.left({ _tag: 'InvalidDateRange' });
    await this.freshness.catchUp();
    const now = this.clock.now();
    const { items, tally } = await this.contacts.pageWithTally({
      filter,
      now,
      sortBy: input.sortBy,
      sortOrder: input.sortOrder,
      skip: (input.page - 1) * input.limit,
      limit: input.limit,
    });
    return E.right({ items, total: tally.total, metrics: metricsOf(tally) });
  }
}

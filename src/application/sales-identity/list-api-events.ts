import * as E from 'fp-ts/Either';
import type { ApiEvent, ApiEventFilter } from '../../domain/sales-identity/api-event';
import type { ApiEventStore } from './ports';

export interface ListApiEventsOutput {
  readonly data: readonly ApiEvent[];
  readonly total: number;
  readonly page: number;
  readonly limit: number;
  readonly hasMore: boolean;
}

/** `GET /audit-logs`: newest first, paginated like the other lists of the spec. */
export class ListApiEvents {
  constructor(private readonly store: ApiEventStore) {}

  async execute(input: {
    filter: ApiEventFilter;
    page: number;
    limit: number;
  }): Promise<E.Either<never, ListApiEventsOutput>> {
    const skip = (input.page - 1) * input.limit;
    const { items, total } = await this.store.list(input.filter, { skip, limit: input.limit });
    return E.right({ data: items, total, page: input.page, limit: input.limit, hasMore: skip + items.length < total });
  }
}

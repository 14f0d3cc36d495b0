import * as E from 'fp-ts/Either';
import type { ApiEvent } from '../../domain/sales-identity/api-event';
import type { ApiEventStore } from './ports';

export type GetApiEventError = { readonly _tag: 'ApiEventNotFound' };

export class GetApiEvent {
  constructor(private readonly store: ApiEventStore) {}

  async execute(input: { id: string }): Promise<E.Either<GetApiEventError, ApiEvent>> {
    const event = await this.store.findById(input.id);
    return event === undefined ? E.left({ _tag: 'ApiEventNotFound' }) : E.right(event);
  }
}

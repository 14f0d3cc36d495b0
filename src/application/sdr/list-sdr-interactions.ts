import * as E from 'fp-ts/Either';
import type { Person } from '../../domain/sales/sale';
import type { LeadIdentifier } from '../../domain/sdr/identifier';
import { UNPAGED_LIST_LIMIT } from '../shared/page';
import { findIdentifiedPersons } from './find-identified-persons';
import type { InteractionNotFound } from './interaction-not-found';
import type { InteractionWithNotes, SdrInteractionRepository, SdrPersonDirectory } from './ports';

export interface ListSdrInteractionsOutput {
  readonly persons: readonly Person[];
  readonly interactions: readonly InteractionWithNotes[];
}

export type ListSdrInteractionsError = InteractionNotFound;

/** GET /sdr/interactions (CONTRACT 3.4, 11.4): the identified person(s)' 500 newest interactions, newest first. */
export class ListSdrInteractions {
  constructor(
    private readonly interactions: SdrInteractionRepository,
    private readonly people: SdrPersonDirectory,
  ) {}

  async execute(identifier: LeadIdentifier): Promise<E.Either<ListSdrInteractionsError, ListSdrInteractionsOutput>> {
    const persons = await findIdentifiedPersons(this.people, identifier);
    const interactions =
      persons.length === 0
        ? []
        : await this.interactions.listOfPersons(
            persons.map((p) => p.id),
            UNPAGED_LIST_LIMIT,
          );
    if (interactions.length === 0) return E.left({ _tag: 'InteractionNotFound', identifier });
    return E.right({ persons, interactions });
  }
}

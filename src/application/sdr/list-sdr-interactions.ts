import * as E from 'fp-ts/Either';
import type { Person } from '../../domain/sales/sale';
import { parseIdentifier, type IdentifierError } from '../../domain/sdr/identifier';
import type { IdentifierType } from '../../domain/sdr/interaction';
import { findIdentifiedPersons } from './find-identified-persons';
import type { InteractionWithNotes, SdrInteractionRepository, SdrPersonDirectory } from './ports';

export interface ListSdrInteractionsOutput {
  readonly persons: readonly Person[];
  readonly interactions: readonly InteractionWithNotes[];
}

export type ListSdrInteractionsError = IdentifierError | { readonly _tag: 'InteractionNotFound'; readonly type: IdentifierType; readonly value: string };

/** GET /sdr/interactions (CONTRACT 3.4): the interactions of the identified person(s), newest first. */
export class ListSdrInteractions {
  constructor(
    private readonly interactions: SdrInteractionRepository,
    private readonly people: SdrPersonDirectory,
  ) {}

  async execute(input: { identifier: string; identifierType: IdentifierType }): Promise<E.Either<ListSdrInteractionsError, ListSdrInteractionsOutput>> {
    const identifier = parseIdentifier(input.identifierType, input.identifier);
    if (E.isLeft(identifier)) return identifier;
    const persons = await findIdentifiedPersons(this.people, identifier.right);
    const interactions = persons.length === 0 ? [] : await this.interactions.listOfPersons(persons.map((p) => p.id));
    if (interactions.length === 0) return E.left({ _tag: 'InteractionNotFound', type: identifier.right.type, value: identifier.right.value });
    return E.right({ persons, interactions });
  }
}

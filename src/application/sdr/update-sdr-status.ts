import * as E from 'fp-ts/Either';
import { parseIdentifier, type IdentifierError } from '../../domain/sdr/identifier';
import type { IdentifierType, SdrStatus } from '../../domain/sdr/interaction';
import type { Clock } from '../shared/ports';
import { findIdentifiedPersons } from './find-identified-persons';
import type { SdrInteractionRepository, SdrPersonDirectory } from './ports';

export interface UpdateSdrStatusInput {
  readonly identifier: string;
  readonly identifierType: IdentifierType;
  readonly status: SdrStatus;
  readonly notes?: string;
}

export interface UpdateSdrStatusOutput {
  readonly success: true;
  readonly updated_count: number;
  readonly interaction_id: string;
  readonly previous_status: SdrStatus;
  readonly new_status: SdrStatus;
  readonly person_name: string;
}

export type UpdateSdrStatusError = IdentifierError | { readonly _tag: 'InteractionNotFound'; readonly type: IdentifierType; readonly value: string };

/** PATCH /sdr/interactions/status (spec part 3 and 4): the person's most recent interaction moves. */
export class UpdateSdrStatus {
  constructor(
    private readonly interactions: SdrInteractionRepository,
    private readonly people: SdrPersonDirectory,
    private readonly clock: Clock,
  ) {}

  async execute(input: UpdateSdrStatusInput): Promise<E.Either<UpdateSdrStatusError, UpdateSdrStatusOutput>> {
    const identifier = parseIdentifier(input.identifierType, input.identifier);
    if (E.isLeft(identifier)) return identifier;
    const notFound = E.left({ _tag: 'InteractionNotFound' as const, type: identifier.right.type, value: identifier.right.value });
    const persons = await findIdentifiedPersons(this.people, identifier.right);
    if (persons.length === 0) return notFound;
    const latest = await this.interactions.findLatestOfPersons(persons.map((p) => p.id));
    if (latest === undefined) return notFound;
    const now = this.clock.now();
    const changed = await this.interactions.setStatus(latest.id, input.status, now);
    if (changed === undefined) return notFound;
    if (input.notes !== undefined && input.notes.trim() !== '') await this.interactions.appendNote(latest.id, { at: now, text: input.notes });
    return E.right({
      success: true,
      updated_count: 1,
      interaction_id: latest.id,
      previous_status: changed.previous,
      new_status: input.status,
      person_name: persons.find((p) => p.id === latest.personId)?.fullName ?? '',
    });
  }
}

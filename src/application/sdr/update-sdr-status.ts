import * as E from 'fp-ts/Either';
import type { LeadIdentifier } from '../../domain/sdr/identifier';
import type { SdrStatus } from '../../domain/sdr/interaction';
import type { Clock } from '../shared/ports';
import { findIdentifiedPersons } from './find-identified-persons';
import type { InteractionNotFound } from './interaction-not-found';
import type { SaleQualificationSync, SdrInteractionRepository, SdrPersonDirectory } from './ports';
import type { ContactChanges } from './read-model-ports';

export interface UpdateSdrStatusInput {
  readonly identifier: LeadIdentifier;
  readonly status: SdrStatus;
  readonly notes?: string;
}

export interface UpdateSdrStatusOutput {
  readonly interactionId: string;
  /** The status this update overwrote (not a status read before it). */
  readonly previousStatus: SdrStatus;
  readonly newStatus: SdrStatus;
  readonly personName: string;
}

export type UpdateSdrStatusError = InteractionNotFound;

/**
 * PATCH /sdr/interactions/status (spec part 3 and 4): the person's most recent interaction moves, and its newest sale
 * with it.
 */
export class UpdateSdrStatus {
  constructor(
    private readonly interactions: SdrInteractionRepository,
    private readonly people: SdrPersonDirectory,
    private readonly sales: SaleQualificationSync,
    private readonly clock: Clock,
    /**
     * The read models the moved interaction's contact is in (CONTRACT 10.1); absent in unit tests of the write alone.
     */
    private readonly readModels?: ContactChanges,
  ) {}

  async execute(input: UpdateSdrStatusInput): Promise<E.Either<UpdateSdrStatusError, UpdateSdrStatusOutput>> {
    const notFound = E.left({ _tag: 'InteractionNotFound' as const, identifier: input.identifier });
    const persons = await findIdentifiedPersons(this.people, input.identifier);
    if (persons.length === 0) return notFound;
    const now = this.clock.now();
    const change = await this.interactions.setStatusOfLatest(
      persons.map((p) => p.id),
      input.status,
      now,
    );
    if (change === undefined) return notFound;
    // CONTRACT 3.4: empty or blank notes append nothing.
    if (input.notes !== undefined && input.notes.trim() !== '')
      await this.interactions.appendNote(change.interactionId, { at: now, text: input.notes });
    // CONTRACT 3.4: the person's newest sale follows the status, as it follows a creation: it mirrors the
    // moved interaction whole (derived data, CONTRACT 10.2: the next write or check-data --repair redoes it).
    await this.sales.mirrorOnLatestSale(change.interaction);
    await this.readModels?.contactsChanged([change.contactKey]);
    return E.right({
      interactionId: change.interactionId,
      previousStatus: change.previous,
      newStatus: input.status,
      personName: persons.find((p) => p.id === change.personId)?.fullName ?? '',
    });
  }
}

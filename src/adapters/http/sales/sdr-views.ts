import type { CreateSdrInteractionOutput } from '../../../application/sdr/create-sdr-interaction';
import type { ListSdrInteractionsOutput } from '../../../application/sdr/list-sdr-interactions';
import type { UpdateSdrStatusOutput } from '../../../application/sdr/update-sdr-status';
import { formatNotes } from '../../../domain/sdr/interaction';

/** CONTRACT 3.4: `{id, personId, status, created}`. */
export function creationBody({ id, personId, status, created }: CreateSdrInteractionOutput) {
  return { id, personId, status, created };
}

/** Spec part 2 "SDR interaction status update result". */
export function statusUpdateBody(output: UpdateSdrStatusOutput) {
  return {
    success: true,
    updated_count: 1,
    interaction_id: output.interactionId,
    previous_status: output.previousStatus,
    new_status: output.newStatus,
    person_name: output.personName,
  };
}

/** CONTRACT 3.4 read back: newest first, notes as `interaction_notes` lines. */
export function interactionListBody({ persons, interactions }: ListSdrInteractionsOutput) {
  const names = new Map(persons.map((p) => [p.id, p.fullName]));
  return {
    data: interactions.map(({ interaction: i, notes }) => ({
      id: i.id,
      personId: i.personId,
      person_name: names.get(i.personId) ?? '',
      phone: i.phone,
      session_id: i.sessionId,
      channel: i.channel,
      result: i.result,
      status: i.status,
      contact: i.contact,
      sent: i.sent,
      sent_to: i.sentTo,
      converted_to_lead: i.convertedToLead,
      interaction_notes: formatNotes(notes),
      createdAt: i.createdAt.toISOString(),
      updatedAt: i.updatedAt.toISOString(),
    })),
    total: interactions.length,
  };
}

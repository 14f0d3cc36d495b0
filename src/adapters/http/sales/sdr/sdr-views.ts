import type { CreateSdrInteractionOutput } from '../../../../application/sdr/create-sdr-interaction';
import type { ListSdrInteractionsOutput } from '../../../../application/sdr/list-sdr-interactions';
import type { UpdateSdrStatusOutput } from '../../../../application/sdr/update-sdr-status';
import * as t from 'io-ts';
import { oneOf } from '../../shared/decoding/codecs';
import { formatNotes, SDR_CHANNELS, SDR_STATUSES } from '../../../../domain/sdr/interaction';
import { Integer, IsoTimestamp, withKeywords } from '../../shared/openapi/json-schema';
import { UNPAGED_LIST_LIMIT } from '../../../../application/shared/page';

const SdrStatus = oneOf(SDR_STATUSES);
const NullableText = t.union([t.string, t.null]);

export const SdrCreationView = t.type({ id: t.string, personId: t.string, status: SdrStatus, created: t.boolean });

export const SdrStatusUpdateView = t.type({
  success: t.literal(true),
  updated_count: t.literal(1),
  interaction_id: t.string,
  previous_status: SdrStatus,
  new_status: SdrStatus,
  person_name: t.string,
});

/** CONTRACT 11.4: at most 500, newest first (by createdAt); `total` counts what `data` holds. */
export const SdrInteractionListView = t.type({
  data: withKeywords(
    t.array(
      t.type({
        id: t.string,
        personId: t.string,
        person_name: t.string,
        phone: NullableText,
        session_id: NullableText,
        channel: oneOf(SDR_CHANNELS),
        result: SdrStatus,
        status: SdrStatus,
        contact: t.boolean,
        sent: t.boolean,
        sent_to: NullableText,
        converted_to_lead: t.boolean,
        interaction_notes: NullableText,
        createdAt: IsoTimestamp,
        updatedAt: IsoTimestamp,
      }),
    ),
    { maxItems: UNPAGED_LIST_LIMIT },
  ),
  total: Integer,
});

/** CONTRACT 3.4: `{id, personId, status, created}`. */
export function creationBody({
  id,
  personId,
  status,
  created,
}: CreateSdrInteractionOutput): t.TypeOf<typeof SdrCreationView> {
  return { id, personId, status, created };
}

/** Spec part 2 "SDR interaction status update result". */
export function statusUpdateBody(output: UpdateSdrStatusOutput): t.TypeOf<typeof SdrStatusUpdateView> {
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
export function interactionListBody({
  persons,
  interactions,
}: ListSdrInteractionsOutput): t.TypeOf<typeof SdrInteractionListView> {
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

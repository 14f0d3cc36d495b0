import type { InteractionWrites, SdrInteraction } from '../../../domain/sdr/interaction';
import { isConvertedInteraction } from '../../../domain/sdr/contact';
import type { SdrInteractionDocument } from './sdr-interactions-collection';

export const toSdrInteractionDocument = ({ id, ...rest }: SdrInteraction): SdrInteractionDocument => ({
  _id: id,
  ...rest,
});

/** Field by field: documents written before the status update lost its `version` still carry one. */
/** The fields writesOfDocument reads (periodRead: a $project stage). */
export const WRITES_FIELDS = {
  _id: 1,
  phone: 1,
  sessionId: 1,
  createdAt: 1,
  updatedAt: 1,
  convertedAt: 1,
  convertedToLead: 1,
  status: 1,
};

/** An interaction's contact and write times, from a document cut to WRITES_FIELDS (CONTRACT 8.3). */
export function writesOfDocument(doc: Pick<SdrInteractionDocument, keyof typeof WRITES_FIELDS>): InteractionWrites {
  return {
    id: doc._id,
    phone: doc.phone,
    sessionId: doc.sessionId,
    convertedAt: convertedAtOf(doc),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

// Written before conversion times were stored: a converted one counts as converted at its last update.
const convertedAtOf = (
  doc: Pick<SdrInteractionDocument, 'convertedAt' | 'convertedToLead' | 'status' | 'updatedAt'>,
) => (doc.convertedAt !== undefined ? doc.convertedAt : isConvertedInteraction(doc) ? doc.updatedAt : null);

export function toSdrInteraction(doc: SdrInteractionDocument): SdrInteraction {
  return {
    id: doc._id,
    personId: doc.personId,
    phone: doc.phone,
    phoneKey: doc.phoneKey,
    sessionId: doc.sessionId,
    channel: doc.channel,
    result: doc.result,
    status: doc.status,
    contact: doc.contact,
    sent: doc.sent,
    sentTo: doc.sentTo,
    convertedToLead: doc.convertedToLead,
    convertedAt: convertedAtOf(doc),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

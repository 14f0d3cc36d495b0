import type { SdrInteraction } from '../../../domain/sdr/interaction';
import { isConvertedInteraction } from '../../../domain/sdr/contact';
import type { SdrInteractionDocument } from './sdr-interactions-collection';

export const toSdrInteractionDocument = ({ id, ...rest }: SdrInteraction): SdrInteractionDocument => ({
  _id: id,
  ...rest,
});

/** Field by field: documents written before the status update lost its `version` still carry one. */
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
    // Written before conversion times were stored: a converted one counts as converted at its last update.
    convertedAt: doc.convertedAt !== undefined ? doc.convertedAt : isConvertedInteraction(doc) ? doc.updatedAt : null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

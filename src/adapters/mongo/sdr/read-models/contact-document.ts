import type { StoredContact } from '../../../../domain/sdr/contact';
import { nameSortKey } from '../../../../domain/sdr/contact';
import { parseWebSessionId } from '../../../../domain/sdr/interaction';
import { phoneMatchKey, type CanonicalPhone } from '../../../../domain/shared/phone';
import type { ContactDocument } from './contact-read-model-collection';
import type { ReadModelSource } from './read-model-source';
import type { VersionedFields } from './versioned-collection';

/** A contact as stored (derived fields for the filters and sorts of CONTRACT 8.2), and back. */
export function toDocument(contact: StoredContact): Omit<ContactDocument, keyof VersionedFields> {
  return {
    phone: contact.phone,
    phoneKey: contact.phone === null ? null : phoneMatchKey(contact.phone as CanonicalPhone),
    sessionIdLower: contact.sessionId.toLowerCase(),
    web: parseWebSessionId(contact.sessionId) !== undefined,
    name: contact.name,
    nameMissing: contact.name === null ? 1 : 0,
    nameKey: contact.name === null ? '' : nameSortKey(contact.name),
    personId: contact.personId,
    personIds: [...contact.personIds],
    registered: contact.registered,
    firstInteraction: contact.firstInteraction,
    lastInteraction: contact.lastInteraction,
    interactionCount: contact.interactionCount,
    messageCount: contact.messageCount,
    status: contact.status,
    channel: contact.channel,
    converted: contact.converted,
    qualified: contact.qualified,
    qualifiedCount: contact.qualified ? 1 : 0,
    salesCount: contact.salesCount,
    lastSaleAt: contact.lastSaleAt,
    convertedInteractionCount: contact.convertedInteractionCount,
    personHasPhone: contact.personHasPhone,
    conversionAt: contact.conversionAt,
  };
}

export const contactOfDocument =
  (source: ReadModelSource) =>
  (doc: ContactDocument): StoredContact => ({
    sessionId: source.keyOf(doc._id),
    phone: doc.phone,
    name: doc.name,
    personId: doc.personId,
    registered: doc.registered,
    firstInteraction: doc.firstInteraction,
    lastInteraction: doc.lastInteraction,
    interactionCount: doc.interactionCount,
    messageCount: doc.messageCount,
    status: doc.status,
    channel: doc.channel,
    converted: doc.converted,
    qualified: doc.qualified,
    salesCount: doc.salesCount,
    lastSaleAt: doc.lastSaleAt,
    convertedInteractionCount: doc.convertedInteractionCount,
    personHasPhone: doc.personHasPhone,
    personIds: doc.personIds,
    conversionAt: doc.conversionAt,
  });

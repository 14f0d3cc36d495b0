import type { Collection, Db } from 'mongodb';
import type { SdrChannel, SdrStatus } from '../../../../domain/sdr/interaction';
import type { CollectionIndexes, IndexDeclaration } from '../../shared/collection-indexes';
import type { VersionedFields } from './versioned-collection';

export const SDR_CONTACTS = 'sdr_contacts';

/**
 * One SDR contact (CONTRACT 8.2, 10.1) of one gateway store, `_id` the source's prefix and its key (the
 * canonical phone, the web session id).
 * Derived data: recomputed from the interactions, chats, persons and sales by SdrReadModels.
 */
export interface ContactDocument extends VersionedFields {
  phone: string | null;
  /** The phone's match key (DDD + last 8 digits): the persons holding it change the contact. */
  phoneKey: string | null;
  /** The session id in lower case (the `search` filter on the session id is case-insensitive). */
  sessionIdLower: string;
  /** A web-session contact (the KPI's sign-ups). */
  web: boolean;
  name: string | null;
  /** 1 when the contact has no name: those come last in a sort by name, whatever its direction. */
  nameMissing: 0 | 1;
  /** nameSortKey(name): the collation's order as a binary one. */
  nameKey: string;
  personId: string | null;
  personIds: string[];
  registered: boolean;
  firstInteraction: Date;
  lastInteraction: Date;
  interactionCount: number;
  messageCount: number;
  status: SdrStatus | null;
  channel: SdrChannel | null;
  converted: boolean;
  qualified: boolean;
  /** 1 when qualified (the metrics sum it). */
  qualifiedCount: 0 | 1;
  salesCount: number;
  lastSaleAt: Date | null;
  convertedInteractionCount: number;
  personHasPhone: boolean;
  conversionAt: Date | null;
}

export const contactReadModelCollection = (db: Db): Collection<ContactDocument> =>
  db.collection<ContactDocument>(SDR_CONTACTS);

/**
 * Each sort of the list (CONTRACT 8.2) in both directions, the session id ascending after it. Every
 * query names its source (ReadModelSource): every index leads with it.
 */
const sortIndexes: IndexDeclaration[] = (
  ['lastInteraction', 'firstInteraction', 'messageCount', 'interactionCount'] as const
).flatMap((field) => [
  { key: { source: 1, [field]: -1, _id: 1 }, name: `source_${field}_desc` },
  { key: { source: 1, [field]: 1, _id: 1 }, name: `source_${field}_asc` },
]);

export const contactReadModelIndexes: CollectionIndexes = {
  collection: SDR_CONTACTS,
  indexes: [
    ...sortIndexes,
    { key: { source: 1, nameMissing: 1, nameKey: -1, _id: 1 }, name: 'source_name_desc' },
    { key: { source: 1, nameMissing: 1, nameKey: 1, _id: 1 }, name: 'source_name_asc' },
    // The search filter (CONTRACT 8.2): part of the phone, or part of the session id.
    { key: { source: 1, phone: 1 }, name: 'source_by_phone' },
    { key: { source: 1, sessionIdLower: 1 }, name: 'source_by_session_search' },
    // A person's contacts (person or sale changed), and the holders of a phone.
    { key: { source: 1, personIds: 1 }, name: 'source_by_person' },
    {
      key: { source: 1, phoneKey: 1 },
      name: 'source_by_phone_key',
      partialFilterExpression: { phoneKey: { $type: 'string' } },
    },
    // The KPI: leads of a period, web sign-ups of a period.
    { key: { source: 1, conversionAt: 1 }, name: 'source_by_conversion' },
    { key: { source: 1, web: 1, firstInteraction: 1 }, name: 'source_web_by_first' },
    // Refreshes that died half-way.
    { key: { source: 1, dirtySince: 1 }, name: 'source_dirty' },
  ],
};

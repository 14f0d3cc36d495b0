/**
 * The SDR contact (CONTRACT 8.2): one canonical phone (from SDR interactions or one-to-one gateway
 * chats) or one web session id (interactions only), with what the lists and the KPI report about it.
 * Pure: the store streams the facts in, these functions fold, filter, sort and count them.
 */
import type { Person } from '../sales/sale';
import { normalizePhone, phoneMatchKey, type CanonicalPhone } from '../shared/phone';
import { isConvertedInteraction, type SdrChannel, type SdrInteraction, type SdrStatus } from './interaction';

/** "active": the last interaction is under 30 days old (spec part 8). */
export const ACTIVE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** One gateway chat's activity, as the contact needs it (any instance; the phone is canonical). */
export interface ChatActivity {
  readonly phone: CanonicalPhone;
  readonly messageCount: number;
  readonly firstAt: Date;
  readonly lastAt: Date;
}

/** The latest non-empty inbound pushName of a chat (CONTRACT 8.1). */
export interface ChatName {
  readonly phone: CanonicalPhone;
  readonly pushName: string;
  readonly at: Date;
}

/** A sale summary of one person: how many and the newest one's creation. */
export interface PersonSales {
  readonly personId: string;
  readonly count: number;
  readonly lastAt: Date;
}

/** What the folds keep per contact before persons and sales are known. */
export interface ContactDraft {
  readonly sessionId: string;
  readonly phone: CanonicalPhone | null;
  firstAt: Date | null;
  lastAt: Date | null;
  interactionCount: number;
  convertedInteractionCount: number;
  messageCount: number;
  latest: Pick<SdrInteraction, 'id' | 'personId' | 'status' | 'channel' | 'updatedAt'> | null;
  pushName: ChatName | null;
  personIds: Set<string>;
}

export interface Contact {
  readonly sessionId: string;
  readonly phone: string | null;
  readonly name: string | null;
  readonly personId: string | null;
  readonly registered: boolean;
  readonly firstInteraction: Date;
  readonly lastInteraction: Date;
  readonly interactionCount: number;
  readonly messageCount: number;
  readonly status: SdrStatus | null;
  readonly channel: SdrChannel | null;
  readonly converted: boolean;
  readonly qualified: boolean;
  readonly salesCount: number;
  readonly lastSaleAt: Date | null;
  /** The contact's SDR interactions that are converted (metric sdrConvertidos). */
  readonly convertedInteractionCount: number;
  /** The contact's person has a phone by now (the KPI's web sign-ups `withPhone`, CONTRACT 8.3). */
  readonly personHasPhone: boolean;
}

/** The contact key of an interaction: its canonical phone, else its web session id. */
export function contactKeyOfInteraction(interaction: Pick<SdrInteraction, 'phone' | 'sessionId' | 'id'>): string {
  return interaction.phone ?? interaction.sessionId ?? `interaction:${interaction.id}`;
}

export { isConvertedInteraction };

/** The drafts of a contact book, by contact key. */
/**
 * The phone contacts a match key (DDD + last 8 digits) can be: its canonical spellings, the 8-digit
 * landline and the 9-digit mobile (each only when valid). A person holding the key belongs to each.
 */
export function phonesOfMatchKey(key: string): CanonicalPhone[] {
  const [ddd, last8] = [key.slice(0, 2), key.slice(2)];
  return [`55${ddd}${last8}`, `55${ddd}9${last8}`].filter(
    (phone): phone is CanonicalPhone => normalizePhone(phone) === phone,
  );
}

/** The match keys of a person's phones. */
export function phoneKeysOfPerson(
  person: Pick<Person, 'mobile' | 'residentialPhone' | 'commercialPhone' | 'optionalPhone'>,
): string[] {
  const phones = [person.mobile, person.residentialPhone, person.commercialPhone, person.optionalPhone].filter(
    (p): p is string => typeof p === 'string' && /^55\d{10,11}$/.test(p),
  );
  return [...new Set(phones.map((p) => phoneMatchKey(p as CanonicalPhone)))];
}

/**
 * Orders the persons holding a contact's phone, the contact's person first (CONTRACT 8.2): the most
 * recently updated; on a tie, the smaller id in code-unit order (as MongoDB orders strings, the same
 * whatever the locale), so every list and report names the same person.
 */
export function contactPersonOrder(a: Pick<Person, 'id' | 'updatedAt'>, b: Pick<Person, 'id' | 'updatedAt'>): number {
  const byUpdate = b.updatedAt.getTime() - a.updatedAt.getTime();
  if (byUpdate !== 0) return byUpdate;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export const CONTACT_SORT_FIELDS = [
  'lastInteraction',
  'firstInteraction',
  'messageCount',
  'interactionCount',
  'name',
] as const;
export type ContactSortField = (typeof CONTACT_SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';

export type ActivityStatus = 'active' | 'inactive' | 'all';

/** The filters of CONTRACT 8.2; an absent member does not filter. */
export interface ContactFilter {
  /** Digits: part of the phone; anything else: part of the session id (case-insensitive). */
  readonly search?: string;
  readonly status?: ActivityStatus;
  readonly registered?: boolean;
  readonly qualified?: boolean;
  /** On lastInteraction, inclusive. */
  readonly dateFrom?: Date;
  readonly dateTo?: Date;
}

export function isActive(contact: Pick<Contact, 'lastInteraction'>, now: Date): boolean {
  return now.getTime() - contact.lastInteraction.getTime() < ACTIVE_WINDOW_MS;
}

/** A search made of digits and phone punctuation is a phone search; its digits are what must appear. */
export function phoneDigitsOfSearch(search: string): string | undefined {
  const trimmed = search.trim();
  return /^[\d\s()+.\-/]+$/.test(trimmed) && /\d/.test(trimmed) ? trimmed.replace(/\D/g, '') : undefined;
}

/** A contact as its read model keeps it: the list item's fields and what refreshes and the KPI need. */
export interface StoredContact extends Contact {
  /** Every person of the contact: those its interactions point at and those holding its phone. */
  readonly personIds: readonly string[];
  /** When the contact converted (CONTRACT 8.3 leads): the earliest conversion of its converted interactions. */
  readonly conversionAt: Date | null;
}

export { emptyTally, metricsOf, type ContactMetrics, type MetricsTally } from './contact-metrics';
export { nameSortKey } from './contact-name-key';
export { addChat, addChatName, addInteraction, contactOfFacts, finishContact, phoneKeyOfDraft } from './contact-fold';
export type { ContactBook, ContactFacts } from './contact-fold';

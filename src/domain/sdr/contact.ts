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
export type ContactBook = Map<string, ContactDraft>;

function draftOf(book: ContactBook, sessionId: string, phone: CanonicalPhone | null): ContactDraft {
  let draft = book.get(sessionId);
  if (draft === undefined) {
    draft = {
      sessionId,
      phone,
      firstAt: null,
      lastAt: null,
      interactionCount: 0,
      convertedInteractionCount: 0,
      messageCount: 0,
      latest: null,
      pushName: null,
      personIds: new Set(),
    };
    book.set(sessionId, draft);
  }
  return draft;
}

function widen(draft: ContactDraft, first: Date, last: Date): void {
  if (draft.firstAt === null || first < draft.firstAt) draft.firstAt = first;
  if (draft.lastAt === null || last > draft.lastAt) draft.lastAt = last;
}

/** Folds one SDR interaction into its contact: counts, the time span, the most recently updated one. */
export function addInteraction(book: ContactBook, interaction: SdrInteraction): void {
  const draft = draftOf(
    book,
    contactKeyOfInteraction(interaction),
    interaction.phone === null ? null : (interaction.phone as CanonicalPhone),
  );
  draft.interactionCount += 1;
  if (isConvertedInteraction(interaction)) draft.convertedInteractionCount += 1;
  const last = interaction.updatedAt > interaction.createdAt ? interaction.updatedAt : interaction.createdAt;
  widen(draft, interaction.createdAt, last);
  draft.personIds.add(interaction.personId);
  const latest = draft.latest;
  if (
    latest === null ||
    interaction.updatedAt > latest.updatedAt ||
    (interaction.updatedAt.getTime() === latest.updatedAt.getTime() && interaction.id > latest.id)
  ) {
    const { id, personId, status, channel, updatedAt } = interaction;
    draft.latest = { id, personId, status, channel, updatedAt };
  }
}

/** Folds one gateway chat into the contact of its phone (chats of several instances add up). */
export function addChat(book: ContactBook, chat: ChatActivity): void {
  const draft = draftOf(book, chat.phone, chat.phone);
  draft.messageCount += chat.messageCount;
  widen(draft, chat.firstAt, chat.lastAt);
}

/** Keeps the newest pushName of the contact's chats; a phone that is not a contact is ignored. */
export function addChatName(book: ContactBook, name: ChatName): void {
  const draft = book.get(name.phone);
  if (draft === undefined) return;
  if (draft.pushName === null || name.at > draft.pushName.at) draft.pushName = name;
}

/** The phone match keys of a draft (for finding the persons with that phone). */
export function phoneKeyOfDraft(draft: ContactDraft): string | undefined {
  return draft.phone === null ? undefined : phoneMatchKey(draft.phone);
}

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

/**
 * The finished contact. `persons`: every person of the contact (those its interactions point at and
 * those holding its phone); `sales`: their sale summaries. The contact's person is the one of its most
 * recently updated interaction, else the most recently updated person holding its phone.
 */
export function finishContact(draft: ContactDraft, persons: readonly Person[], sales: readonly PersonSales[]): Contact {
  const byId = new Map(persons.map((p) => [p.id, p]));
  const holder = [...persons].sort(contactPersonOrder)[0];
  const person = (draft.latest === null ? undefined : byId.get(draft.latest.personId)) ?? holder;
  const personName = person?.fullName.trim();
  const salesCount = sales.reduce((sum, s) => sum + s.count, 0);
  const lastSaleAt = sales.reduce<Date | null>(
    (newest, s) => (newest === null || s.lastAt > newest ? s.lastAt : newest),
    null,
  );
  const firstAt = draft.firstAt ?? new Date(0);
  return {
    sessionId: draft.sessionId,
    phone: draft.phone,
    name: personName !== undefined && personName !== '' ? personName : (draft.pushName?.pushName ?? null),
    personId: person?.id ?? draft.latest?.personId ?? null,
    registered: persons.length > 0,
    firstInteraction: firstAt,
    lastInteraction: draft.lastAt ?? firstAt,
    interactionCount: draft.interactionCount,
    messageCount: draft.messageCount,
    status: draft.latest?.status ?? null,
    channel: draft.latest?.channel ?? null,
    converted: draft.convertedInteractionCount > 0,
    qualified: salesCount > 0,
    salesCount,
    lastSaleAt,
    convertedInteractionCount: draft.convertedInteractionCount,
    personHasPhone:
      person !== undefined &&
      [person.mobile, person.residentialPhone, person.commercialPhone, person.optionalPhone].some(
        (p) => typeof p === 'string' && p.trim() !== '',
      ),
  };
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

export interface ContactMetrics {
  readonly totalContacts: number;
  readonly activeContacts: number;
  /** qualified / total, a fraction with 4 decimals (0 when empty). */
  readonly conversionRate: number;
  readonly totalMessages: number;
  readonly sdrDisparos: number;
  readonly sdrConvertidos: number;
  /** 100 x sdrConvertidos / sdrDisparos, 2 decimals (0 when none). */
  readonly sdrTaxaConversao: number;
}

/** Running sums over a filtered set of contacts (CONTRACT 8.2 metrics). */
export interface MetricsTally {
  total: number;
  active: number;
  qualified: number;
  messages: number;
  interactions: number;
  convertedInteractions: number;
}

export const emptyTally = (): MetricsTally => ({
  total: 0,
  active: 0,
  qualified: 0,
  messages: 0,
  interactions: 0,
  convertedInteractions: 0,
});

const round = (value: number, decimals: number): number => Math.round(value * 10 ** decimals) / 10 ** decimals;

export function metricsOf(tally: MetricsTally): ContactMetrics {
  return {
    totalContacts: tally.total,
    activeContacts: tally.active,
    conversionRate: tally.total === 0 ? 0 : round(tally.qualified / tally.total, 4),
    totalMessages: tally.messages,
    sdrDisparos: tally.interactions,
    sdrConvertidos: tally.convertedInteractions,
    sdrTaxaConversao: tally.interactions === 0 ? 0 : round((100 * tally.convertedInteractions) / tally.interactions, 2),
  };
}

/** A contact as its read model keeps it: the list item's fields and what refreshes and the KPI need. */
export interface StoredContact extends Contact {
  /** Every person of the contact: those its interactions point at and those holding its phone. */
  readonly personIds: readonly string[];
  /** When the contact converted (CONTRACT 8.3 leads): the earliest conversion of its converted interactions. */
  readonly conversionAt: Date | null;
}

/** Everything one contact is made of, found by keyed lookups (its key, its phone's match key, its persons). */
export interface ContactFacts {
  /** The contact key: the canonical phone, the web session id (or `interaction:<id>`). */
  readonly sessionId: string;
  /** Its SDR interactions (contactKeyOfInteraction equal to the key). */
  readonly interactions: readonly SdrInteraction[];
  /** Its one-to-one chats (their canonical phone is the key), in any instance. */
  readonly chats: readonly ChatActivity[];
  /** The chats' latest inbound pushNames. */
  readonly names: readonly ChatName[];
  /** The persons its interactions point at and those holding its phone (any extra is ignored). */
  readonly persons: readonly Person[];
  /** The sale summaries of those persons. */
  readonly sales: readonly PersonSales[];
}

/**
 * One contact from its facts, by the same folds the whole-store computation uses (addInteraction,
 * addChat, addChatName, finishContact); undefined when nothing makes it a contact any more.
 */
export function contactOfFacts(facts: ContactFacts): StoredContact | undefined {
  const book: ContactBook = new Map();
  for (const interaction of facts.interactions) addInteraction(book, interaction);
  for (const chat of facts.chats) addChat(book, chat);
  for (const name of facts.names) addChatName(book, name);
  const draft = book.get(facts.sessionId);
  if (draft === undefined) return undefined;
  const key = phoneKeyOfDraft(draft);
  const own = new Map<string, Person>();
  for (const person of facts.persons) {
    if (draft.personIds.has(person.id) || (key !== undefined && phoneKeysOfPerson(person).includes(key)))
      own.set(person.id, person);
  }
  const persons = [...own.values()];
  const ids = new Set(persons.map((p) => p.id));
  const contact = finishContact(
    draft,
    persons,
    facts.sales.filter((s) => ids.has(s.personId)),
  );
  let conversionAt: Date | null = null;
  for (const interaction of facts.interactions) {
    if (!isConvertedInteraction(interaction) || interaction.convertedAt === null) continue;
    if (conversionAt === null || interaction.convertedAt < conversionAt) conversionAt = interaction.convertedAt;
  }
  return { ...contact, personIds: [...new Set([...draft.personIds, ...ids])].sort(), conversionAt };
}

const EXPANSIONS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  ð: 'd',
  þ: 'th',
};

/**
 * A stored key whose binary order is the order of `compareContacts` by name (pt-BR, base strength:
 * case and accents do not count): lower case, accents removed, then per character a class (white
 * space, punctuation and symbols, digits) before letters, as the collation ranks them. Two names the
 * collator calls equal get the same key, so the session id breaks the tie in both.
 */
export function nameSortKey(name: string): string {
  let key = '';
  for (const char of name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()) {
    const expanded = EXPANSIONS[char] ?? char;
    if (/\s/u.test(expanded)) key += '\u0001';
    else if (/\d/u.test(expanded)) key += `\u0003${expanded}`;
    else if (/[\p{L}]/u.test(expanded)) key += expanded;
    else {
      // The collation ranks ASCII punctuation and symbols in its own order; others after them.
      const rank = COLLATION_PUNCTUATION.indexOf(expanded);
      key += rank >= 0 ? `\u0002${String.fromCharCode(0x21 + rank)}` : `\u0002\u0080${expanded}`;
    }
  }
  return key;
}

/** ASCII punctuation and symbols in the order of the pt-BR collation (ICU root), as Intl.Collator ranks them. */
const COLLATION_PUNCTUATION = '_-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';

/**
 * One contact folded from its facts (CONTRACT 8.2): its interactions, its chats and their names, its
 * persons and their sales. The read model's refresh and the whole-store oracle fold the same way.
 */
import type { Person } from '../sales/sale';
import { phoneMatchKey, type CanonicalPhone } from '../shared/phone';
import {
  contactKeyOfInteraction,
  contactPersonOrder,
  phoneKeysOfPerson,
  type ChatActivity,
  type ChatName,
  type Contact,
  type ContactDraft,
  type PersonSales,
  type StoredContact,
} from './contact';
import { isConvertedInteraction, type SdrInteraction } from './interaction';

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

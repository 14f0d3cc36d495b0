import type { Person } from '../../../domain/sales/sale';
import type { SdrChat } from '../../../domain/sdr/chat';
import {
  contactKeyOfInteraction,
  contactOfFacts,
  phoneKeysOfPerson,
  type ChatActivity,
  type ChatName,
  type PersonSales,
  type StoredContact,
} from '../../../domain/sdr/contact';
import type { SdrInteraction } from '../../../domain/sdr/interaction';
import { phoneMatchKey, type CanonicalPhone } from '../../../domain/shared/phone';
import type { ContactDirectory, SdrInteractionRepository } from '../ports';
import type { ChatReadModel, ContactReadModel } from '../read-model-ports';
import type { Projection } from './refresh-protocol';

export const CONTACTS = 'contacts' as const;

/** A canonical phone (the contact key of a phone contact), as opposed to a web session id. */
const isPhoneKey = (key: string): key is CanonicalPhone => /^55\d{10,11}$/.test(key);

export interface ContactSources {
  readonly interactions: Pick<SdrInteractionRepository, 'ofContacts' | 'streamAll'>;
  readonly directory: ContactDirectory;
  /** The chat documents (the contact projection comes after the chats'). */
  readonly chats: Pick<ChatReadModel, 'ofPhones'>;
}

/** What the contacts of one batch of keys are computed from, read by keyed lookups. */
interface ContactBatch {
  readonly interactionsOf: Map<string, SdrInteraction[]>;
  readonly chatsOf: Map<string, (SdrChat & { phone: CanonicalPhone })[]>;
  readonly persons: Map<string, Person>;
  readonly holdersOf: Map<string, Person[]>;
  readonly sales: readonly PersonSales[];
}

/**
 * The contact read model (CONTRACT 8.2, 10.1) as a projection: one document per contact key (a
 * canonical phone, a web session id, `interaction:<id>`), recomputed from the interactions, the chat
 * documents, the persons and their sales.
 */
export function contactProjection(
  sources: ContactSources,
  contacts: ContactReadModel,
): Projection<StoredContact, typeof CONTACTS> {
  return {
    name: CONTACTS,
    model: contacts,
    async compute(keys) {
      const batch = await readBatch(sources, keys);
      const computed = new Map<string, StoredContact>();
      for (const key of keys) {
        const contact = contactOf(key, batch);
        if (contact !== undefined) computed.set(key, contact);
      }
      return computed;
    },
    async *rebuildKeys() {
      for await (const interaction of sources.interactions.streamAll()) yield contactKeyOfInteraction(interaction);
      yield* contacts.ids();
    },
  };
}

async function readBatch(sources: ContactSources, keys: readonly string[]): Promise<ContactBatch> {
  const { interactions: interactionStore, directory } = sources;
  const phones = keys.filter(isPhoneKey);
  const [interactions, chats] = await Promise.all([
    interactionStore.ofContacts(keys),
    phones.length === 0 ? Promise.resolve([]) : sources.chats.ofPhones(phones, { kpi: false }),
  ]);
  const matchKeys = [...new Set(phones.map((p) => phoneMatchKey(p)))];
  const byPhone = matchKeys.length === 0 ? [] : await directory.findByPhoneKeys(matchKeys);
  const known = new Set(byPhone.map((p) => p.id));
  const missing = [...new Set(interactions.map((i) => i.personId))].filter((id) => !known.has(id));
  const byId = missing.length === 0 ? [] : await directory.findByIds(missing);
  const persons = new Map<string, Person>([...byPhone, ...byId].map((p) => [p.id, p]));
  const sales = persons.size === 0 ? [] : await directory.salesOf([...persons.keys()]);
  // Chats in instance then jid order: the whole-store fold meets them in that order too (a tie of pushName times keeps
  // the first).
  const ordered = [...chats].sort(
    (a, b) => compareText(a.instance, b.instance) || compareText(a.remoteJid, b.remoteJid),
  );
  const holdersOf = new Map<string, Person[]>();
  for (const person of persons.values())
    for (const key of phoneKeysOfPerson(person)) holdersOf.set(key, [...(holdersOf.get(key) ?? []), person]);
  return {
    interactionsOf: groupBy(interactions, contactKeyOfInteraction),
    chatsOf: groupBy(
      ordered.filter((c): c is SdrChat & { phone: CanonicalPhone } => c.phone !== null),
      (c) => c.phone,
    ),
    persons,
    holdersOf,
    sales,
  };
}

function contactOf(key: string, batch: ContactBatch): StoredContact | undefined {
  const own = batch.interactionsOf.get(key) ?? [];
  const ownChats = batch.chatsOf.get(key) ?? [];
  const candidates = new Map<string, Person>();
  for (const i of own) {
    const person = batch.persons.get(i.personId);
    if (person !== undefined) candidates.set(person.id, person);
  }
  if (isPhoneKey(key))
    for (const person of batch.holdersOf.get(phoneMatchKey(key)) ?? []) candidates.set(person.id, person);
  return contactOfFacts({
    sessionId: key,
    interactions: own,
    chats: ownChats.map((c): ChatActivity => ({
      phone: c.phone,
      messageCount: c.messageCount,
      firstAt: c.firstAt,
      lastAt: c.last.at,
    })),
    names: ownChats.flatMap((c): ChatName[] =>
      c.pushName === null || c.pushNameAt === null ? [] : [{ phone: c.phone, pushName: c.pushName, at: c.pushNameAt }],
    ),
    persons: [...candidates.values()],
    sales: batch.sales.filter((s) => candidates.has(s.personId)),
  });
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [item]);
    else group.push(item);
  }
  return groups;
}

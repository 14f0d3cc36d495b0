import type { Person } from '../../domain/sales/sale';
import {
  addChat,
  addChatName,
  addInteraction,
  contactKeyOfInteraction,
  finishContact,
  phoneKeyOfDraft,
  phoneKeysOfPerson,
  type Contact,
  type ContactBook,
  type ContactDraft,
} from '../../domain/sdr/contact';
import { phoneOfJid } from '../../domain/sdr/gateway-message';
import { parseWebSessionId } from '../../domain/sdr/interaction';
import type { ContactDirectory, GatewayMessageStore, SdrInteractionRepository } from './ports';

/** How many contacts one lookup of persons and sales covers. */
export const CONTACT_BATCH = 500;

export interface ContactSources {
  readonly interactions: SdrInteractionRepository;
  readonly gateway: GatewayMessageStore;
  readonly directory: ContactDirectory;
}

/**
 * Every SDR contact (CONTRACT 8.2), one at a time: SDR interactions and one-to-one gateway chats are
 * streamed and folded into one small draft per contact (never a message or an interaction kept), then
 * persons and sales are looked up CONTACT_BATCH contacts at a time. The one definition of the contact
 * the lists and the KPI share. `scope: 'web'`: only the contacts of web session ids, whose facts are
 * all in the interactions (a chat is always a phone's), so the gateway store is not read.
 */
export async function* streamContacts(sources: ContactSources, scope: 'all' | 'web' = 'all'): AsyncGenerator<Contact> {
  const book: ContactBook = new Map();
  for await (const interaction of sources.interactions.streamAll()) {
    if (scope === 'all' || parseWebSessionId(contactKeyOfInteraction(interaction)) !== undefined) addInteraction(book, interaction);
  }
  if (scope === 'web') {
    yield* finishAll(sources.directory, book);
    return;
  }
  for await (const chat of sources.gateway.chats({})) {
    const phone = phoneOfJid(chat.remoteJid);
    if (phone !== undefined) addChat(book, { phone, messageCount: chat.messageCount, firstAt: chat.firstAt, lastAt: chat.last.at });
  }
  for await (const name of sources.gateway.allPushNames()) {
    const phone = phoneOfJid(name.remoteJid);
    if (phone !== undefined) addChatName(book, { phone, pushName: name.pushName, at: name.at });
  }
  yield* finishAll(sources.directory, book);
}

async function* finishAll(directory: ContactDirectory, book: ContactBook): AsyncGenerator<Contact> {
  let batch: ContactDraft[] = [];
  for (const draft of book.values()) {
    batch.push(draft);
    if (batch.length === CONTACT_BATCH) {
      yield* await finishBatch(directory, batch);
      batch = [];
    }
  }
  if (batch.length > 0) yield* await finishBatch(directory, batch);
}

async function finishBatch(directory: ContactDirectory, drafts: readonly ContactDraft[]): Promise<Contact[]> {
  const keys = [...new Set(drafts.map(phoneKeyOfDraft).filter((k): k is string => k !== undefined))];
  const byPhone = keys.length === 0 ? [] : await directory.findByPhoneKeys(keys);
  const known = new Set(byPhone.map((p) => p.id));
  const missing = [...new Set(drafts.flatMap((d) => [...d.personIds]))].filter((id) => !known.has(id));
  const byId = missing.length === 0 ? [] : await directory.findByIds(missing);
  const persons = new Map<string, Person>([...byPhone, ...byId].map((p) => [p.id, p]));
  const holdersByKey = new Map<string, Person[]>();
  for (const person of persons.values()) {
    for (const key of phoneKeysOfPerson(person)) holdersByKey.set(key, [...(holdersByKey.get(key) ?? []), person]);
  }
  const sales = persons.size === 0 ? [] : await directory.salesOf([...persons.keys()]);
  const salesByPerson = new Map(sales.map((s) => [s.personId, s]));
  return drafts.map((draft) => {
    const key = phoneKeyOfDraft(draft);
    const own = new Map<string, Person>();
    for (const id of draft.personIds) {
      const person = persons.get(id);
      if (person !== undefined) own.set(id, person);
    }
    for (const person of key === undefined ? [] : (holdersByKey.get(key) ?? [])) own.set(person.id, person);
    const contactPersons = [...own.values()];
    return finishContact(draft, contactPersons, contactPersons.flatMap((p) => salesByPerson.get(p.id) ?? []));
  });
}

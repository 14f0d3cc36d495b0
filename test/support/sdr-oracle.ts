/**
 * The test oracle of the SDR read side (issue 24): the whole-store computation the lists and the KPI
 * used before the read models (commit aaf632f: src/application/sdr/sdr-contacts.ts, list-sdr-contacts.ts,
 * list-sdr-sessions.ts, src/application/kpi/sdr-funnel.ts, get-subscription-leads.ts), kept here
 * unchanged in what it answers. It reads the source ports only (every interaction, every gateway chat
 * and pushName, persons and sales) and folds them with the domain's own folds, so the answers of the
 * read models must equal its answers.
 *
 * One change, for determinism only: the pushNames of a contact's chats are folded in instance, then
 * remoteJid order (the old code met them in the store's group order, unspecified; on a tie of pushName
 * times the first one met is kept). The read models fold them in that order too.
 */
import type { Person } from '../../src/domain/sales/sale';
import { dayIndexOf, type LocalDate } from '../../src/domain/kpi/local-days';
import { inPeriod, type KpiPeriod } from '../../src/domain/kpi/period';
import { ResponseTurns, type ResponseFigures } from '../../src/domain/kpi/response-turns';
import { FunnelBook, rate, type Funnel } from '../../src/domain/kpi/sdr-activity';
import {
  addChat,
  addChatName,
  addInteraction,
  contactKeyOfInteraction,
  contactPersonOrder,
  emptyTally,
  finishContact,
  metricsOf,
  phoneKeyOfDraft,
  phoneKeysOfPerson,
  type Contact,
  type ContactBook,
  type ContactDraft,
} from '../../src/domain/sdr/contact';
import { compareContacts, matchesContactFilter, tallyContact } from './contact-rules';
import { phoneOfJid } from '../../src/domain/sdr/gateway-message';
import { parseWebSessionId } from '../../src/domain/sdr/interaction';
import { phoneMatchKey } from '../../src/domain/shared/phone';
import type { SdrKpi } from '../../src/application/kpi/get-sdr-kpi';
import type { SdrTrending } from '../../src/application/kpi/get-sdr-trending';
import type { SubscriptionLeads } from '../../src/application/kpi/get-subscription-leads';
import type { ListSdrContactsInput, ListSdrContactsOutput } from '../../src/application/sdr/list-sdr-contacts';
import type {
  ListSdrSessionsInput,
  ListSdrSessionsOutput,
  SdrSession,
} from '../../src/application/sdr/list-sdr-sessions';
import type {
  ChatPushName,
  ChatRef,
  ChatSummary,
  ContactDirectory,
  GatewayMessageStore,
  SdrInteractionRepository,
} from '../../src/application/sdr/ports';

/** How many contacts one lookup of persons and sales covers. */
export const CONTACT_BATCH = 500;

export interface OracleSources {
  readonly interactions: SdrInteractionRepository;
  readonly gateway: GatewayMessageStore;
  readonly directory: ContactDirectory;
}

const byChat = (a: { instance: string; remoteJid: string }, b: { instance: string; remoteJid: string }): number =>
  a.instance < b.instance
    ? -1
    : a.instance > b.instance
      ? 1
      : a.remoteJid < b.remoteJid
        ? -1
        : a.remoteJid > b.remoteJid
          ? 1
          : 0;

/**
 * Every SDR contact (CONTRACT 8.2), folded from the whole store: SDR interactions and one-to-one
 * gateway chats into one draft per contact, then persons and sales CONTACT_BATCH contacts at a time.
 * `scope: 'web'`: only the contacts of web session ids (their facts are all in the interactions).
 */
export async function* streamContacts(sources: OracleSources, scope: 'all' | 'web' = 'all'): AsyncGenerator<Contact> {
  const book: ContactBook = new Map();
  for await (const interaction of sources.interactions.streamAll()) {
    if (scope === 'all' || parseWebSessionId(contactKeyOfInteraction(interaction)) !== undefined)
      addInteraction(book, interaction);
  }
  if (scope === 'web') {
    yield* finishAll(sources.directory, book);
    return;
  }
  const refs: ChatRef[] = [];
  for await (const chat of sources.gateway.chats({})) {
    refs.push({ instance: chat.instance, remoteJid: chat.remoteJid });
    const phone = phoneOfJid(chat.remoteJid);
    if (phone !== undefined)
      addChat(book, { phone, messageCount: chat.messageCount, firstAt: chat.firstAt, lastAt: chat.last.at });
  }
  const names = await pushNamesOf(sources.gateway, refs);
  for (const name of names.sort(byChat)) {
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
    return finishContact(
      draft,
      contactPersons,
      contactPersons.flatMap((p) => salesByPerson.get(p.id) ?? []),
    );
  });
}

/** GET /sdr/contacts: the filtered contacts' page and the metrics over all of them (the input's dates are valid). */
export async function oracleContacts(
  sources: OracleSources,
  now: Date,
  input: ListSdrContactsInput,
): Promise<ListSdrContactsOutput> {
  const book: Contact[] = [];
  for await (const contact of streamContacts(sources)) book.push(contact);
  return answerContacts(book, now, input);
}

/** The contacts answer over every contact (streamContacts), as the old ListSdrContacts computed it. */
export function answerContacts(
  contacts: readonly Contact[],
  now: Date,
  input: ListSdrContactsInput,
): ListSdrContactsOutput {
  const tally = emptyTally();
  const matching: Contact[] = [];
  for (const contact of contacts) {
    if (!matchesContactFilter(contact, input.filter, now)) continue;
    tallyContact(tally, contact, now);
    matching.push(contact);
  }
  matching.sort(compareContacts(input.sortBy, input.sortOrder));
  const start = (input.page - 1) * input.limit;
  return { items: matching.slice(start, start + input.limit), total: tally.total, metrics: metricsOf(tally) };
}

const sessionIdOf = (chat: { instance: string; remoteJid: string }): string => `${chat.instance}:${chat.remoteJid}`;

function newestFirst(a: ChatSummary, b: ChatSummary): number {
  const byTime = b.last.at.getTime() - a.last.at.getTime();
  if (byTime !== 0) return byTime;
  const [x, y] = [sessionIdOf(a), sessionIdOf(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * GET /sdr/sessions: every chat of the range grouped from the store, sorted, paged; the page's pushNames and persons.
 */
export async function oracleSessions(
  sources: Pick<OracleSources, 'gateway' | 'directory'>,
  input: ListSdrSessionsInput,
): Promise<ListSdrSessionsOutput> {
  const range = {
    ...(input.instance === undefined ? {} : { instance: input.instance }),
    ...(input.dateFrom === undefined ? {} : { from: input.dateFrom }),
    ...(input.dateTo === undefined ? {} : { to: input.dateTo }),
  };
  const all: ChatSummary[] = [];
  for await (const chat of sources.gateway.chats(range)) all.push(chat);
  const page = all.sort(newestFirst).slice((input.page - 1) * input.limit, input.page * input.limit);
  const names =
    page.length === 0
      ? []
      : await pushNamesOf(
          sources.gateway,
          page.map(({ instance, remoteJid }) => ({ instance, remoteJid })),
        );
  const nameOf = new Map(names.map((n) => [sessionIdOf(n), n.pushName]));
  const phones = page.map((chat) => phoneOfJid(chat.remoteJid));
  const keys = [...new Set(phones.flatMap((p) => (p === undefined ? [] : [phoneMatchKey(p)])))];
  const persons = keys.length === 0 ? [] : await sources.directory.findByPhoneKeys(keys);
  const personOf = new Map<string, { id: string; updatedAt: Date }>();
  for (const person of persons) {
    for (const key of phoneKeysOfPerson(person)) {
      const held = personOf.get(key);
      if (held === undefined || contactPersonOrder(person, held) < 0) personOf.set(key, person);
    }
  }
  const items = page.map((chat, i): SdrSession => {
    const phone = phones[i];
    return {
      id: sessionIdOf(chat),
      instance: chat.instance,
      remoteJid: chat.remoteJid,
      phone: phone ?? null,
      pushName: nameOf.get(sessionIdOf(chat)) ?? null,
      messageCount: chat.messageCount,
      firstMessageAt: chat.firstAt,
      lastMessage: chat.last,
      personId: phone === undefined ? null : (personOf.get(phoneMatchKey(phone))?.id ?? null),
    };
  });
  return { items, total: all.length };
}

/**
 * The funnel of a period from every interaction (FunnelBook.addInteraction) and the period's messages, and the response
 * figures.
 */
export async function oracleFunnel(
  sources: Pick<OracleSources, 'interactions' | 'gateway'>,
  period: KpiPeriod,
): Promise<Funnel & ResponseFigures> {
  const book = new FunnelBook(period);
  for await (const interaction of sources.interactions.streamAll()) book.addInteraction(interaction);
  const turns = new ResponseTurns();
  for await (const message of sources.gateway.messagesBetween({ from: period.from, to: period.to })) {
    const phone = phoneOfJid(message.remoteJid);
    if (phone !== undefined) book.addMessage(phone, message.at);
    turns.add(message);
  }
  const funnel = book.funnel();
  const awaiting = turns.awaitingReply();
  if (awaiting.length > 0)
    for (const reply of await sources.gateway.firstRepliesAfter(awaiting, period.to)) turns.addLateReply(reply);
  const firstTurns = turns.firstTurnsToSettle();
  turns.settleFirstTurns(
    firstTurns.length === 0 ? [] : await sources.gateway.lastMessagesBefore(firstTurns, period.from),
  );
  return { ...funnel, ...turns.figures() };
}

/** GET /kpi/sdr. */
export async function oracleSdrKpi(
  sources: Pick<OracleSources, 'interactions' | 'gateway'>,
  period: KpiPeriod,
): Promise<SdrKpi> {
  const { contacts, leads, conversionRate, averageResponseTimeSeconds, responseRate } = await oracleFunnel(
    sources,
    period,
  );
  return { period, contacts, leads, conversionRate, averageResponseTimeSeconds, responseRate };
}

/** GET /kpi/sdr/trending. */
export async function oracleSdrTrending(
  sources: Pick<OracleSources, 'interactions' | 'gateway'>,
  period: KpiPeriod,
): Promise<SdrTrending> {
  const funnel = await oracleFunnel(sources, period);
  const dates = period.days.dates;
  return { period, points: funnel.points.map((point, i) => ({ date: dates[i] as LocalDate, ...point })) };
}

/** GET /kpi/subscription-leads: the web contacts first seen in the period. */
export async function oracleSubscriptionLeads(sources: OracleSources, period: KpiPeriod): Promise<SubscriptionLeads> {
  const totals = period.days.dates.map((date) => ({ date, total: 0, qualified: 0 }));
  let total = 0;
  let withPhone = 0;
  let qualified = 0;
  for await (const contact of streamContacts(sources, 'web')) {
    if (parseWebSessionId(contact.sessionId) === undefined || !inPeriod(period, contact.firstInteraction)) continue;
    total += 1;
    if (contact.personHasPhone) withPhone += 1;
    if (contact.qualified) qualified += 1;
    const point = totals[dayIndexOf(period.days, contact.firstInteraction)];
    if (point === undefined) continue;
    point.total += 1;
    if (contact.qualified) point.qualified += 1;
  }
  return { period, total, withPhone, qualified, conversionRate: rate(qualified, total), points: totals };
}

/** The newest inbound pushName of each of these chats that has one (CONTRACT 8.1), all time. */
async function pushNamesOf(gateway: OracleSources['gateway'], refs: readonly ChatRef[]): Promise<ChatPushName[]> {
  return (await gateway.chatFacts(refs)).flatMap(({ instance, remoteJid, pushName }) =>
    pushName === null ? [] : [{ instance, remoteJid, ...pushName }],
  );
}

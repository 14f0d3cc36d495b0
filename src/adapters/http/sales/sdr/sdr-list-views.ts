import type { ListSdrContactsOutput } from '../../../../application/sdr/list-sdr-contacts';
import type { ListSdrSessionsOutput, SdrSession } from '../../../../application/sdr/list-sdr-sessions';
import * as t from 'io-ts';
import { nullable, oneOf } from '../../shared/decoding/codecs';
import type { Contact } from '../../../../domain/sdr/contact';
import { SDR_CHANNELS, SDR_STATUSES } from '../../../../domain/sdr/interaction';
import { Integer, IsoTimestamp } from '../../shared/openapi/json-schema';

const PageFields = { total: Integer, page: Integer, limit: Integer, hasMore: t.boolean };

/** CONTRACT 8.1 session item. */
export const SdrSessionView = t.type({
  id: t.string,
  instance: t.string,
  remoteJid: t.string,
  phone: nullable(t.string),
  pushName: nullable(t.string),
  messageCount: Integer,
  firstMessageAt: IsoTimestamp,
  lastMessage: t.type({ id: t.string, text: nullable(t.string), fromMe: t.boolean, type: t.string, at: IsoTimestamp }),
  personId: nullable(t.string),
});

/** CONTRACT 8.2 contact item. */
export const SdrContactView = t.type({
  sessionId: t.string,
  phone: nullable(t.string),
  name: nullable(t.string),
  personId: nullable(t.string),
  registered: t.boolean,
  firstInteraction: IsoTimestamp,
  lastInteraction: IsoTimestamp,
  interactionCount: Integer,
  messageCount: Integer,
  status: nullable(oneOf(SDR_STATUSES)),
  channel: nullable(oneOf(SDR_CHANNELS)),
  converted: t.boolean,
  qualified: t.boolean,
  salesCount: Integer,
  lastSaleAt: nullable(IsoTimestamp),
});

export const SdrSessionsView = t.type({ data: t.array(SdrSessionView), ...PageFields });

/** CONTRACT 8.2 metrics: over the whole filtered set, not the page. */
export const SdrContactsView = t.type({
  data: t.array(SdrContactView),
  ...PageFields,
  metrics: t.type({
    totalContacts: Integer,
    activeContacts: Integer,
    conversionRate: t.number,
    totalMessages: Integer,
    sdrDisparos: Integer,
    sdrConvertidos: Integer,
    sdrTaxaConversao: t.number,
  }),
});

const pageOf = (total: number, query: { page: number; limit: number }) => ({
  total,
  page: query.page,
  limit: query.limit,
  hasMore: query.page * query.limit < total,
});

export function sessionView(s: SdrSession): t.TypeOf<typeof SdrSessionView> {
  return {
    id: s.id,
    instance: s.instance,
    remoteJid: s.remoteJid,
    phone: s.phone,
    pushName: s.pushName,
    messageCount: s.messageCount,
    firstMessageAt: s.firstMessageAt.toISOString(),
    lastMessage: {
      id: s.lastMessage.id,
      text: s.lastMessage.text,
      fromMe: s.lastMessage.fromMe,
      type: s.lastMessage.type,
      at: s.lastMessage.at.toISOString(),
    },
    personId: s.personId,
  };
}

export function contactView(c: Contact): t.TypeOf<typeof SdrContactView> {
  return {
    sessionId: c.sessionId,
    phone: c.phone,
    name: c.name,
    personId: c.personId,
    registered: c.registered,
    firstInteraction: c.firstInteraction.toISOString(),
    lastInteraction: c.lastInteraction.toISOString(),
    interactionCount: c.interactionCount,
    messageCount: c.messageCount,
    status: c.status,
    channel: c.channel,
    converted: c.converted,
    qualified: c.qualified,
    salesCount: c.salesCount,
    lastSaleAt: c.lastSaleAt?.toISOString() ?? null,
  };
}

export const sessionsBody = (
  out: ListSdrSessionsOutput,
  query: { page: number; limit: number },
): t.TypeOf<typeof SdrSessionsView> => ({ data: out.items.map(sessionView), ...pageOf(out.total, query) });

export const contactsBody = (
  out: ListSdrContactsOutput,
  query: { page: number; limit: number },
): t.TypeOf<typeof SdrContactsView> => ({
  data: out.items.map(contactView),
  ...pageOf(out.total, query),
  metrics: out.metrics,
});

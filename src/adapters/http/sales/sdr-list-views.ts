import type { ListSdrContactsOutput } from '../../../application/sdr/list-sdr-contacts';
import type { ListSdrSessionsOutput, SdrSession } from '../../../application/sdr/list-sdr-sessions';
import type { Contact } from '../../../domain/sdr/contact';

const pageOf = (total: number, query: { page: number; limit: number }) => ({ total, page: query.page, limit: query.limit, hasMore: query.page * query.limit < total });

/** CONTRACT 8.1 session item. */
export function sessionView(s: SdrSession) {
  return {
    id: s.id,
    instance: s.instance,
    remoteJid: s.remoteJid,
    phone: s.phone,
    pushName: s.pushName,
    messageCount: s.messageCount,
    firstMessageAt: s.firstMessageAt.toISOString(),
    lastMessage: { id: s.lastMessage.id, text: s.lastMessage.text, fromMe: s.lastMessage.fromMe, type: s.lastMessage.type, at: s.lastMessage.at.toISOString() },
    personId: s.personId,
  };
}

/** CONTRACT 8.2 contact item. */
export function contactView(c: Contact) {
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

export const sessionsBody = (out: ListSdrSessionsOutput, query: { page: number; limit: number }) => ({ data: out.items.map(sessionView), ...pageOf(out.total, query) });

export const contactsBody = (out: ListSdrContactsOutput, query: { page: number; limit: number }) => ({
  data: out.items.map(contactView),
  ...pageOf(out.total, query),
  metrics: out.metrics,
});

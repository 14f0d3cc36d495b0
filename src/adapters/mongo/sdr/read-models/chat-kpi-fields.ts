import { activeDaysOf, type ChatKpiFacts } from '../../../../domain/kpi/chat-kpi-facts';
import type { ChatDocument } from './chat-read-model-collection';

type KpiFields = Pick<ChatDocument, 'kpiBuckets' | 'kpiInbound' | 'kpiTurns' | 'kpiDays'>;

/** A chat's KPI facts as its document stores them (turns as triples: the smallest BSON a turn can be). */
export function kpiFieldsOf(kpi: ChatKpiFacts): KpiFields {
  return {
    kpiBuckets: [...kpi.buckets],
    kpiInbound: [...kpi.inboundBuckets],
    kpiTurns: kpi.turns.map((turn) => [turn.start, turn.lastInbound, turn.reply]),
    kpiDays: activeDaysOf(kpi),
  };
}

/** The facts of a stored chat; a document written before they were kept has none (the models rebuild). */
export function kpiFactsOfDocument(doc: Partial<KpiFields>): ChatKpiFacts {
  return {
    buckets: doc.kpiBuckets ?? [],
    inboundBuckets: doc.kpiInbound ?? [],
    turns: (doc.kpiTurns ?? []).map(([start, lastInbound, reply]) => ({ start, lastInbound, reply })),
  };
}

/** The UTC day (days since the epoch) of an instant. */
export const utcDayOf = (at: Date): number => Math.floor(at.getTime() / 86_400_000);

/** What a KPI period reads of an active chat (projectedRead: the embedded server and a real mongod both cut it). */
export const ACTIVE_CHAT = {
  _id: 0,
  instance: 1,
  remoteJid: 1,
  phone: 1,
  kpiBuckets: 1,
  kpiInbound: 1,
  kpiTurns: 1,
} as const;

export type ActiveChatFields = Pick<
  ChatDocument,
  'instance' | 'remoteJid' | 'phone' | 'kpiBuckets' | 'kpiInbound' | 'kpiTurns'
>;

/** Chats per batch of a period's read. */
export const ACTIVE_BATCH = 1_000;

import { Binary } from 'mongodb';
import { activeDaysOf, type ChatKpiFacts } from '../../../../domain/kpi/chat-kpi-facts';
import type { ChatDocument } from './chat-read-model-collection';

type KpiFields = Pick<ChatDocument, 'kpiFacts' | 'kpiDays'>;

const NO_FACTS: ChatKpiFacts = { buckets: [], inboundBuckets: [], turns: [] };

/**
 * A chat's KPI facts as its document stores them: one BSON binary of little-endian float64s (the numbers of buckets,
 * inbound buckets and turns, then the buckets, the inbound buckets, and per turn its start, last inbound and reply, NaN
 * for none), so a period's read decodes one value per chat rather than one per bucket and turn (CONTRACT 10.1); and the
 * UTC days, an array for the index the period's read goes by.
 */
export function kpiFieldsOf(kpi: ChatKpiFacts): KpiFields {
  const values = [
    kpi.buckets.length,
    kpi.inboundBuckets.length,
    kpi.turns.length,
    ...kpi.buckets,
    ...kpi.inboundBuckets,
    ...kpi.turns.flatMap((turn) => [turn.start, turn.lastInbound, turn.reply ?? Number.NaN]),
  ];
  const bytes = new Uint8Array(values.length * 8);
  const view = new DataView(bytes.buffer);
  values.forEach((value, i) => view.setFloat64(i * 8, value, true));
  return { kpiFacts: new Binary(bytes), kpiDays: activeDaysOf(kpi) };
}

/**
 * The facts of a stored chat. A document written before they were kept has none (the models rebuild on a new shape),
 * nor has one whose binary is not what kpiFieldsOf writes (check-data finds it differs from its recomputation).
 */
export function kpiFactsOfDocument(doc: Partial<Pick<KpiFields, 'kpiFacts'>>): ChatKpiFacts {
  const bytes = doc.kpiFacts?.value();
  if (bytes === undefined || bytes.length < 24 || bytes.length % 8 !== 0) return NO_FACTS;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = (i: number): number => view.getFloat64(i * 8, true);
  const [buckets, inbound, turns] = [at(0), at(1), at(2)];
  if (bytes.length !== (3 + buckets + inbound + 3 * turns) * 8) return NO_FACTS;
  const list = (from: number, length: number) => Array.from({ length }, (_, i) => at(from + i));
  const firstTurn = 3 + buckets + inbound;
  return {
    buckets: list(3, buckets),
    inboundBuckets: list(3 + buckets, inbound),
    turns: Array.from({ length: turns }, (_, i) => {
      const reply = at(firstTurn + 3 * i + 2);
      return {
        start: at(firstTurn + 3 * i),
        lastInbound: at(firstTurn + 3 * i + 1),
        reply: Number.isNaN(reply) ? null : reply,
      };
    }),
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
  kpiFacts: 1,
} as const;

export type ActiveChatFields = Pick<ChatDocument, 'instance' | 'remoteJid' | 'phone' | 'kpiFacts'>;

/** Chats per batch of a period's read. */
export const ACTIVE_BATCH = 1_000;

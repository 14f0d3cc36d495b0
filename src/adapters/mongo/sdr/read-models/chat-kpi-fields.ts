import { Binary } from 'mongodb';
import { activeDaysOf, type ChatKpiFacts, type ChatTurn } from '../../../../domain/kpi/chat-kpi-facts';
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
  const values = float64sOf(bytes);
  const [buckets, inbound, turns] = [values[0] ?? 0, values[1] ?? 0, values[2] ?? 0];
  const counts = [buckets, inbound, turns];
  if (counts.some((n) => !Number.isInteger(n) || n < 0) || bytes.length !== (3 + buckets + inbound + 3 * turns) * 8)
    return NO_FACTS;
  const firstTurn = 3 + buckets + inbound;
  const kept: ChatTurn[] = [];
  for (let i = 0, at = firstTurn; i < turns; i += 1, at += 3) {
    const reply = values[at + 2] ?? Number.NaN;
    kept.push({ start: values[at] ?? 0, lastInbound: values[at + 1] ?? 0, reply: Number.isNaN(reply) ? null : reply });
  }
  return { buckets: listOf(values, 3, buckets), inboundBuckets: listOf(values, 3 + buckets, inbound), turns: kept };
}

function listOf(values: Float64Array, from: number, length: number): number[] {
  const list: number[] = [];
  for (let i = from; i < from + length; i += 1) list.push(values[i] ?? 0);
  return list;
}

/** True where a Float64Array stores its numbers little-endian, as the packed facts are (every platform Node runs on). */
const LITTLE_ENDIAN = new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f;

/** The array float64sOf decodes into, grown as needed: its numbers are read before the next document is decoded. */
let scratch = new Float64Array(1_024);
let scratchBytes = new Uint8Array(scratch.buffer);

/**
 * The little-endian float64s of `bytes` (a multiple of 8 long), valid until the next call: one copy into an aligned
 * array kept for the purpose, no allocation and no call per value, since a period's read decodes every active chat's
 * facts (CONTRACT 10.1). Longer than `bytes` needs: read only bytes.length / 8 of them.
 */
function float64sOf(bytes: Uint8Array): Float64Array {
  if (scratch.length < bytes.length / 8) {
    scratch = new Float64Array(bytes.length / 8);
    scratchBytes = new Uint8Array(scratch.buffer);
  }
  if (LITTLE_ENDIAN) {
    scratchBytes.set(bytes);
    return scratch;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < bytes.length / 8; i += 1) scratch[i] = view.getFloat64(i * 8, true);
  return scratch;
}

/** The UTC day (days since the epoch) of an instant. */
export const utcDayOf = (at: Date): number => Math.floor(at.getTime() / 86_400_000);

/** What a KPI period reads of an active chat (periodRead: the embedded server and a real mongod both cut it). */
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

/**
 * What the KPI (CONTRACT 8.3) needs of one one-to-one chat, kept on its read-model document (10.1) so a
 * cold KPI reads the chats active in its period instead of every message of it:
 * - the UTC 15-minute buckets with a message, and those with an inbound one: 15 minutes divides every
 *   offset of the IANA zones of our time, so each bucket lies inside one local day of any zone, and a
 *   bucket inside a period is a contact-day of it exactly (the buckets cut by the period's bounds are
 *   read from the messages themselves, see sdr-funnel.ts);
 * - its response turns: a run of inbound messages, from its first to its last one, and the outbound
 *   message that answered it (null while none has), in seconds as the gateway stores times.
 */

export const BUCKET_SECONDS = 900;
export const BUCKET_MS = BUCKET_SECONDS * 1000;
/** Buckets per UTC day (the index of the chats active in a period is by UTC day). */
export const BUCKETS_PER_DAY = 96;

export interface ChatTurn {
  /** The run's first inbound message (unix seconds). */
  readonly start: number;
  /** Its last inbound message. */
  readonly lastInbound: number;
  /** The outbound message that answered it; null while unanswered. */
  readonly reply: number | null;
}

export interface ChatKpiFacts {
  /** Buckets (unix seconds / 900, rounded down) with a message, ascending. */
  readonly buckets: readonly number[];
  /** Buckets with an inbound message, ascending. */
  readonly inboundBuckets: readonly number[];
  /** Oldest first; runs never overlap. */
  readonly turns: readonly ChatTurn[];
}

export const NO_KPI_FACTS: ChatKpiFacts = { buckets: [], inboundBuckets: [], turns: [] };

/** One message of the chat as the facts need it. */
export interface TimedMessage {
  /** Unix seconds. */
  readonly at: number;
  readonly fromMe: boolean;
}

/**
 * The facts of a chat from all of its messages, in any order: they are taken in time order, at the
 * same second inbound before outbound (the order the KPI has always read them in).
 */
export function kpiFactsOf(messages: readonly TimedMessage[]): ChatKpiFacts {
  const ordered = [...messages].sort((a, b) => a.at - b.at || Number(a.fromMe) - Number(b.fromMe));
  const buckets = new Set<number>();
  const inbound = new Set<number>();
  const turns: ChatTurn[] = [];
  let open: { readonly start: number; readonly lastInbound: number } | null = null;
  for (const message of ordered) {
    const bucket = Math.floor(message.at / BUCKET_SECONDS);
    buckets.add(bucket);
    if (!message.fromMe) {
      inbound.add(bucket);
      open = { start: open === null ? message.at : open.start, lastInbound: message.at };
    } else if (open !== null) {
      turns.push({ ...open, reply: message.at });
      open = null;
    }
  }
  if (open !== null) turns.push({ ...open, reply: null });
  return { buckets: [...buckets], inboundBuckets: [...inbound], turns };
}

/** The UTC days (unix days) a chat has a message on: what its document is indexed by. */
export function activeDaysOf(facts: ChatKpiFacts): number[] {
  return [...new Set(facts.buckets.map((bucket) => Math.floor(bucket / BUCKETS_PER_DAY)))];
}

/**
 * A period's KPI figures (CONTRACT 8.3) from the chats' kept facts (chat-kpi-facts.ts) instead of the
 * period's messages, with the same answers: the buckets wholly inside the period stand for their
 * messages; the (at most two) buckets the period's bounds cut are read from the messages themselves.
 */
import type { CanonicalPhone } from '../shared/phone';
import { BUCKET_MS, type ChatKpiFacts, type ChatTurn } from './chat-kpi-facts';
import type { KpiPeriod } from './period';
import type { ResponseFigures } from './response-turns';
import type { FunnelBook } from './sdr-activity';

/** A chat active in the period, as the chat read model keeps it. */
export interface ActiveChat {
  readonly instance: string;
  readonly remoteJid: string;
  readonly phone: CanonicalPhone | null;
  readonly kpi: ChatKpiFacts;
}

/** A message of a cut bucket, in the period. */
export interface EdgeMessage {
  readonly instance: string;
  readonly remoteJid: string;
  readonly fromMe: boolean;
  readonly at: Date;
}

export interface PeriodBuckets {
  /** The first and last bucket wholly inside the period (last < first: none). */
  readonly first: number;
  readonly last: number;
  /** The windows of the buckets the bounds cut, within the period. */
  readonly edges: readonly { readonly from: Date; readonly to: Date }[];
}

export function periodBuckets(period: Pick<KpiPeriod, 'from' | 'to'>): PeriodBuckets {
  const from = period.from.getTime();
  const to = period.to.getTime();
  const first = Math.ceil(from / BUCKET_MS);
  const last = Math.floor((to + 1) / BUCKET_MS) - 1;
  const cut = new Set<number>();
  if (from % BUCKET_MS !== 0) cut.add(Math.floor(from / BUCKET_MS));
  if ((to + 1) % BUCKET_MS !== 0) cut.add(Math.floor(to / BUCKET_MS));
  const edges = [...cut].map((bucket) => ({
    from: new Date(Math.max(from, bucket * BUCKET_MS)),
    to: new Date(Math.min(to, (bucket + 1) * BUCKET_MS - 1)),
  }));
  return { first, last, edges };
}

/** True when every local day of the period starts on a bucket boundary (every zone of our time). */
export function bucketsFitDays(period: Pick<KpiPeriod, 'days'>): boolean {
  return period.days.starts.every((start) => start.getTime() % BUCKET_MS === 0);
}

const chatKeyOf = (chat: { readonly instance: string; readonly remoteJid: string }): string =>
  `${chat.instance}\u0000${chat.remoteJid}`;

/** Folds the active chats and the cut buckets' messages into the funnel and the response figures. */
export class ChatKpiTally {
  private readonly buckets: PeriodBuckets;
  private readonly from: number;
  private readonly to: number;
  /** Chats with an inbound message in a cut bucket. */
  private readonly edgeInbound = new Set<string>();
  private seconds = 0;
  private turns = 0;
  private withInbound = 0;
  private answered = 0;

  /** The local days' first buckets (the period's day starts as bucket numbers). */
  private readonly dayStarts: readonly number[];

  constructor(
    period: Pick<KpiPeriod, 'from' | 'to' | 'days'>,
    private readonly book: FunnelBook,
  ) {
    this.buckets = periodBuckets(period);
    this.dayStarts = period.days.starts.map((start) => start.getTime() / BUCKET_MS);
    this.from = period.from.getTime();
    this.to = period.to.getTime();
  }

  get edges(): PeriodBuckets['edges'] {
    return this.buckets.edges;
  }

  /** The messages of the cut buckets (all of them before any chat is added). */
  addEdgeMessage(message: EdgeMessage & { readonly phone: CanonicalPhone | undefined }): void {
    if (message.phone !== undefined) this.book.addMessage(message.phone, message.at);
    if (!message.fromMe) this.edgeInbound.add(chatKeyOf(message));
  }

  addChat(chat: ActiveChat): void {
    const { first, last } = this.buckets;
    if (chat.phone !== null)
      for (const bucket of chat.kpi.buckets)
        if (bucket >= first && bucket <= last) this.book.addMessageDay(chat.phone, this.dayOfBucket(bucket));
    for (const turn of chat.kpi.turns) {
      const start = turn.start * 1000;
      if (turn.reply === null || start < this.from || start > this.to) continue;
      this.seconds += turn.reply - turn.start;
      this.turns += 1;
    }
    const run = this.firstRunWithInbound(chat);
    if (run === undefined) return;
    this.withInbound += 1;
    if (run.reply !== null) this.answered += 1;
  }

  /**
   * The local day of a bucket inside the period: the last day starting at or before it (days start on bucket
   * boundaries: bucketsFitDays), by a binary search over the day starts as bucket numbers.
   */
  private dayOfBucket(bucket: number): number {
    const starts = this.dayStarts;
    let [low, high] = [0, starts.length - 1];
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] ?? 0) <= bucket) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /** The run holding the chat's first inbound message of the period (runs never overlap). */
  private firstRunWithInbound(chat: ActiveChat): ChatTurn | undefined {
    for (const turn of chat.kpi.turns) {
      if (turn.lastInbound * 1000 < this.from) continue;
      if (turn.start * 1000 > this.to) return undefined;
      if (turn.start * 1000 >= this.from || turn.lastInbound * 1000 <= this.to) return turn;
      // The run began before the period and went on past it: an inbound message inside the period?
      const { first, last } = this.buckets;
      const inside = chat.kpi.inboundBuckets.some((bucket) => bucket >= first && bucket <= last);
      return inside || this.edgeInbound.has(chatKeyOf(chat)) ? turn : undefined;
    }
    return undefined;
  }

  figures(): ResponseFigures {
    return {
      averageResponseTimeSeconds: this.turns === 0 ? null : Math.round((this.seconds / this.turns) * 100) / 100,
      responseRate: this.withInbound === 0 ? 0 : Math.round((this.answered / this.withInbound) * 10_000) / 10_000,
    };
  }
}

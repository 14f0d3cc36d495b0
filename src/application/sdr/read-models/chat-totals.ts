import type { ChatReadModel, ChatTotals } from '../read-model-ports';

/** How long a count of the chats stands when this process writes no chat: what other copies wrote shows after it. */
export const CHAT_TOTALS_TTL_MS = 1_000;
/** Instances whose count is kept (a query names any instance: the rest are counted each time). */
const KEPT_INSTANCES = 64;

/**
 * The total of GET /sdr/sessions without a range (CONTRACT 8.1, 10.1) without a count of the chat model per request:
 * a count stands until this process next finishes writing the chat model (the follower's fold of new messages, an
 * import's refresh, a rebuild, a repair: `changes` goes up) or for `ttlMs`, whichever comes first. Every message
 * written before a request is folded by that request's catch-up (a write here, so the count is taken again); what
 * changes chats without a new message (another copy's safety window, sweep or repair: CONTRACT 10.1 gives those
 * their own delays) shows within `ttlMs`.
 */
export class CachedChatTotals implements ChatTotals {
  private readonly kept = new Map<string, { readonly count: number; readonly changes: number; readonly at: number }>();

  constructor(
    private readonly chats: Pick<ChatReadModel, 'count'>,
    private readonly changes: () => number,
    private readonly now: () => Date,
    private readonly ttlMs = CHAT_TOTALS_TTL_MS,
  ) {}

  async chatTotal(instance?: string): Promise<number> {
    const key = instance === undefined ? '' : `:${instance}`;
    // Read before the count: a write that ends while it runs leaves the count stale, and the next call takes it again.
    const changes = this.changes();
    const at = this.now().getTime();
    const hit = this.kept.get(key);
    if (hit !== undefined && hit.changes === changes && at >= hit.at && at - hit.at < this.ttlMs) return hit.count;
    const count = await this.chats.count(instance);
    if (this.kept.size >= KEPT_INSTANCES && !this.kept.has(key)) this.kept.clear();
    this.kept.set(key, { count, changes, at });
    return count;
  }
}

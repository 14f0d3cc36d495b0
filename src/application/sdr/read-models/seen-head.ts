/**
 * The last head a follower saw stored (its own fold or build, or the stored position it read): every message up to it
 * is in the models. Kept in memory so a catch-up with nothing new is one probe past it; another instance's fold only
 * moves the stored head past it, so a stale one costs the slow path (the position read), never a message (CONTRACT
 * 10.1, 10.3). `moves` counts its changes: what was counted of the models before one may be stale (CachedChatTotals).
 */
export class SeenHead {
  /** Undefined until the follower has read or written the stored position once. */
  head: string | null | undefined;
  moves = 0;

  see(head: string | null): void {
    if (head !== this.head) this.moves += 1;
    this.head = head;
  }
}

/** Positions (heads) are strings in the store's order: the later of two, null being before every position. */
export const laterOf = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null ? a : a > b ? a : b;

/** The earlier of two positions. */
export const minOf = (a: string, b: string): string => (a < b ? a : b);

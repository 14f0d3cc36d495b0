import type { IdGenerator } from '../../application/shared/ports';
import type { ApiEvent, RefusedRequest } from '../../domain/sales-identity/api-event';

/** The IP and path of the entry that counts the refused requests past the bound of open keys. */
export const OVERFLOW_KEY = '(overflow)';
/** The method of a counted entry whose requests used more than one. */
export const MIXED_METHODS = '*';

const MINUTE_MS = 60_000;

interface OpenCount {
  readonly first: RefusedRequest;
  readonly ip: string;
  readonly path: string;
  count: number;
  lastAt: number;
  longestMs: number;
  mixedMethods: boolean;
}

/**
 * CONTRACT 9.5, "the trail survives a flood": requests refused before any work are counted per
 * (client IP, route pattern, status, minute) instead of logged one by one; a minute's counts become
 * one entry each once the minute has closed. Memory is bounded: at most `maxOpenKeys` keys are open
 * (over every minute still open); past the bound a request adds to the one overflow count of its
 * minute and status (four statuses, so at most four such entries a minute), whose IP and path are
 * `(overflow)`. Adding costs one map lookup: no I/O, no id, no allocation once a key is open.
 */
export class RefusedRequestCounts {
  /** Open counts by minute (since the epoch), then by key. */
  private readonly minutes = new Map<number, Map<string, OpenCount>>();
  /** Open keys, and of them the overflow counts (which do not count against the bound). */
  private keys = 0;
  private overflowOpen = 0;
  private countedTotal = 0;
  /** The key of the last request added and its open count (valid while its minute is open). */
  private last:
    { minute: number; status: number; ip: string; path: string; count: OpenCount; overflow: boolean } | undefined;
  private overflowedTotal = 0;

  constructor(private readonly maxOpenKeys: number) {}

  /** Keys open now, overflow counts included. */
  get openKeys(): number {
    return this.keys;
  }

  /** Refused requests counted since start (the metrics export it). */
  get counted(): number {
    return this.countedTotal;
  }

  /** Of those, the requests counted under an overflow entry because the bound of open keys was reached. */
  get overflowed(): number {
    return this.overflowedTotal;
  }

  add(request: RefusedRequest): void {
    const at = request.at.getTime();
    const minute = Math.floor(at / MINUTE_MS);
    this.countedTotal += 1;
    // A flood repeats one key: its count is found without building the key again.
    const last = this.last;
    if (
      last !== undefined &&
      last.minute === minute &&
      last.status === request.status &&
      last.ip === request.ip &&
      last.path === request.path
    ) {
      if (last.overflow) this.overflowedTotal += 1;
      this.bump(last.count, request, at);
      return;
    }
    const count = this.countOf(minute, request, at);
    this.last = {
      minute,
      status: request.status,
      ip: request.ip,
      path: request.path,
      count,
      overflow: count.ip === OVERFLOW_KEY,
    };
    this.bump(count, request, at);
  }

  /** The open count of `request`'s key in `minute`, or of its overflow key past the bound, opened if need be. */
  private countOf(minute: number, request: RefusedRequest, at: number): OpenCount {
    let open = this.minutes.get(minute);
    if (open === undefined) {
      open = new Map();
      this.minutes.set(minute, open);
    }
    const key = `${request.status} ${request.ip} ${request.path}`;
    const existing = open.get(key);
    if (existing !== undefined) return existing;
    // Overflow entries do not count against the bound: there are at most four a minute (one per status).
    const overflowKey = `${request.status} ${OVERFLOW_KEY}`;
    const full = this.keys - this.overflowOpen >= this.maxOpenKeys;
    if (full) this.overflowedTotal += 1;
    const overflowCount = full ? open.get(overflowKey) : undefined;
    if (overflowCount !== undefined) return overflowCount;
    const [ip, path] = full ? [OVERFLOW_KEY, OVERFLOW_KEY] : [request.ip, request.path];
    const count: OpenCount = { first: request, ip, path, count: 0, lastAt: at, longestMs: 0, mixedMethods: false };
    open.set(full ? overflowKey : key, count);
    this.keys += 1;
    if (full) this.overflowOpen += 1;
    return count;
  }

  private bump(count: OpenCount, request: RefusedRequest, at: number): void {
    count.count += 1;
    if (at > count.lastAt) count.lastAt = at;
    if (request.durationMs > count.longestMs) count.longestMs = request.durationMs;
    if (request.method !== count.first.method) count.mixedMethods = true;
  }

  /** Closes the counts of every minute before `now`'s, as entries of the log (oldest minute first). */
  closeBefore(now: Date, ids: IdGenerator): ApiEvent[] {
    const current = Math.floor(now.getTime() / MINUTE_MS);
    const closed: ApiEvent[] = [];
    for (const [minute, open] of [...this.minutes].sort(([a], [b]) => a - b)) {
      if (minute >= current) continue;
      this.closeMinute(minute, open, ids, closed);
    }
    return closed;
  }

  /** Closes every open count, the current minute's too (at shutdown, or when a test wants them written now). */
  closeAll(ids: IdGenerator): ApiEvent[] {
    const closed: ApiEvent[] = [];
    for (const [minute, open] of [...this.minutes].sort(([a], [b]) => a - b))
      this.closeMinute(minute, open, ids, closed);
    return closed;
  }

  private closeMinute(minute: number, open: Map<string, OpenCount>, ids: IdGenerator, into: ApiEvent[]): void {
    this.minutes.delete(minute);
    // Closing frees keys: the next request finds its count (or a key of its own) the long way.
    this.last = undefined;
    for (const count of open.values()) {
      this.keys -= 1;
      if (count.ip === OVERFLOW_KEY) this.overflowOpen -= 1;
      into.push(entryOf(count, ids.next()));
    }
  }
}

function entryOf(count: OpenCount, id: string): ApiEvent {
  const { first } = count;
  return {
    id,
    requestId: first.requestId,
    method: count.mixedMethods ? MIXED_METHODS : first.method,
    path: count.path,
    status: first.status,
    durationMs: count.longestMs,
    userId: undefined,
    ip: count.ip,
    at: first.at,
    errorCode: first.errorCode,
    errorMessages: first.errorMessages,
    count: count.count,
    lastAt: new Date(count.lastAt),
  };
}

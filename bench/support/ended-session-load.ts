// bench:auth's ended sessions (CONTRACT 11.2): 10,000 logouts before the load, so the JWT route's check
// looks up a full list, and what that list costs in memory and how it is bounded.
import type { Db } from 'mongodb';
import { performance } from 'node:perf_hooks';
import { SALES_ENDED_SESSIONS } from '../../src/adapters/mongo/shared/ended-session-collection';
import { MongoEndedSessionStore } from '../../src/adapters/mongo/shared/mongo-ended-session-store';
import type { SalesSessionEnding } from '../../src/application/sales-identity/sales-session-ending';
import { EndedSessionList } from '../../src/application/shared/ended-sessions/ended-session-list';
import type { EndedSessions } from '../../src/application/shared/ports';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../src/domain/sales-identity/session-lifetimes';

const LOGOUTS = 10_000;
/**
 * Ends written per command. The embedded jongodb's write commands slow down with the collection's size
 * (README, bench:sdr-lists), so 10,000 single-session writes take many minutes there: the sessions are
 * ended through the same store write as a logout's (`EndedSessions.end`), a thousand per bulk write.
 */
const BATCH = 1_000;

const heapUsed = (): number => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
};
const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

export async function endTenThousandSessions(
  area: { readonly endedSessions: EndedSessions; readonly sessionEnding: SalesSessionEnding },
  db: Db,
): Promise<void> {
  // One whole logout first (the end, then the revocation), so the bench also runs that path.
  await area.sessionEnding.endSession('bench-refresh-token-hash', new Date());
  const list = area.endedSessions;
  if (!(list instanceof EndedSessionList)) throw new Error('the sales ended sessions are not an EndedSessionList');
  await list.isEnded('warm-up');
  const before = heapUsed();
  const started = performance.now();
  for (let i = 1; i < LOGOUTS; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, LOGOUTS - i) }, (_, j) => `bench-session-${i + j}`);
    await list.end(batch, new Date());
  }
  const seconds = (performance.now() - started) / 1000;
  const grown = heapUsed() - before;
  const store = new MongoEndedSessionStore(db, SALES_ENDED_SESSIONS);
  const atNow = new EndedSessionList(store, { now: () => new Date() }, ACCESS_TOKEN_TTL_SECONDS);
  await atNow.read();
  const lifetimeLater = { now: () => new Date(Date.now() + (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000) };
  const anHourOn = new EndedSessionList(store, lifetimeLater, ACCESS_TOKEN_TTL_SECONDS);
  await anHourOn.read();
  const stored = await db.collection(SALES_ENDED_SESSIONS).countDocuments({});
  process.stdout.write(
    `ended sessions: ${LOGOUTS} ended (1 logout + ${LOGOUTS - 1} ends in bulk) in ${seconds.toFixed(1)} s; ` +
      `this copy's list holds ${list.size} ` +
      `(heap +${mib(grown)}, ~${Math.round(grown / Math.max(list.size, 1))} B each); ` +
      `another copy reads ${atNow.size}; read ${ACCESS_TOKEN_TTL_SECONDS} s later: ${anHourOn.size} ` +
      `(entries live as long as a token can: bounded); ${stored} documents (TTL index on expiresAt)\n`,
  );
}

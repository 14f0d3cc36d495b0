// bench:auth's ended sessions (CONTRACT 11.2): 10,000 logouts before the load, so the JWT route's check
// looks up a full list, and what that list costs in memory and how it is bounded.
import type { Db } from 'mongodb';
import { performance } from 'node:perf_hooks';
import {
  endedSessionCollection,
  SALES_ENDED_SESSIONS,
} from '../../src/adapters/mongo/shared/ended-sessions/ended-session-collection';
import { MongoEndedSessionStore } from '../../src/adapters/mongo/shared/ended-sessions/mongo-ended-session-store';
import type { SalesSessionEnding } from '../../src/application/sales-identity/sales-session-ending';
import { EndedSessionList } from '../../src/application/shared/ended-sessions/ended-session-list';
import type { EndedSessions } from '../../src/application/shared/ports';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../src/domain/sales-identity/session-lifetimes';

const LOGOUTS = 10_000;
const heapUsed = (): number => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
};
const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

/**
 * One whole logout (the end, then the revocation), then 9,999 more ended sessions written straight into
 * the collection in one insert, as the other benchmarks seed (the embedded jongodb's write commands slow
 * down with the collection's size: 10,000 single writes take many minutes there). This copy's list then
 * reads them as it reads another copy's ends; the JWT route's check looks up that full list.
 */
export async function endTenThousandSessions(
  area: { readonly endedSessions: EndedSessions; readonly sessionEnding: SalesSessionEnding },
  db: Db,
): Promise<void> {
  const list = area.endedSessions;
  if (!(list instanceof EndedSessionList)) throw new Error('the sales ended sessions are not an EndedSessionList');
  await list.isEnded('warm-up');
  const started = performance.now();
  await area.sessionEnding.endSession('bench-refresh-token-hash', new Date());
  const now = Date.now();
  const expiresAt = new Date(now + ACCESS_TOKEN_TTL_SECONDS * 1000);
  await endedSessionCollection(db, SALES_ENDED_SESSIONS).insertMany(
    Array.from({ length: LOGOUTS - 1 }, (_, i) => ({ _id: `bench-session-${i}`, endedAt: new Date(now), expiresAt })),
  );
  const seconds = (performance.now() - started) / 1000;
  const before = heapUsed();
  await list.read();
  const grown = heapUsed() - before;
  const store = new MongoEndedSessionStore(db, SALES_ENDED_SESSIONS);
  const lifetimeLater = { now: () => new Date(Date.now() + (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000) };
  const anHourOn = new EndedSessionList(store, lifetimeLater, ACCESS_TOKEN_TTL_SECONDS);
  await anHourOn.read();
  const stored = await db.collection(SALES_ENDED_SESSIONS).countDocuments({});
  process.stdout.write(
    `ended sessions: ${LOGOUTS} ended (1 logout + ${LOGOUTS - 1} inserted) in ${seconds.toFixed(1)} s; ` +
      `this copy's list read them: ${list.size} sessions, heap +${mib(grown)} ` +
      `(~${Math.round(grown / Math.max(list.size, 1))} B each); a list read ${ACCESS_TOKEN_TTL_SECONDS + 1} s ` +
      `later holds ${anHourOn.size} (an entry lives as long as a token can: bounded); ` +
      `${stored} documents now (TTL index on expiresAt)\n`,
  );
}

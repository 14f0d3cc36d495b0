import type { Bind } from 'inversify';
import { MongoEndedSessionStore } from '../adapters/mongo/shared/mongo-ended-session-store';
import { EndedSessionList } from '../application/shared/ended-sessions/ended-session-list';
import { Clock, type EndedSessions } from '../application/shared/ports';
import type { Token } from '../application/shared/token';
import { provide } from './container';
import { Platform } from './platform';

/** A failed background read of the ended sessions is logged at most this often. */
const READ_ERROR_LOG_INTERVAL_MS = 60_000;

/** Binds one service's ended sessions (CONTRACT 11.2): its collection, read into this copy's memory. */
export function provideEndedSessions(
  bind: Bind,
  binding: Token<EndedSessions>,
  collection: string,
  lifetimeSeconds: number,
): void {
  provide(bind, binding, (get) => {
    const { db, logger } = get(Platform);
    let loggedAt = Number.NEGATIVE_INFINITY;
    return new EndedSessionList(new MongoEndedSessionStore(db, collection), get(Clock), lifetimeSeconds, {
      onReadError: (err: unknown) => {
        if (Date.now() - loggedAt < READ_ERROR_LOG_INTERVAL_MS) return;
        loggedAt = Date.now();
        logger.warn({ err, collection }, 'reading the ended sessions failed; read again by the next request');
      },
    });
  });
}

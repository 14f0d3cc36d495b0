import type { Bind } from 'inversify';
import { MongoEndedSessionStore } from '../adapters/mongo/shared/mongo-ended-session-store';
import { EndedSessionList } from '../application/shared/ended-sessions/ended-session-list';
import { Clock, type EndedSessions } from '../application/shared/ports';
import type { Token } from '../application/shared/token';
import { provide } from './container';
import { Platform } from './platform';

/** A failed read of the ended sessions is logged at most this often (the poll runs every second). */
const READ_ERROR_LOG_INTERVAL_MS = 60_000;

/**
 * Binds one service's ended sessions (CONTRACT 11.2): the list in this copy's memory, polling its
 * collection from the moment it is first resolved (building the app), stopped at shutdown.
 */
export function provideEndedSessions(
  bind: Bind,
  binding: Token<EndedSessions>,
  collection: string,
  lifetimeSeconds: number,
  pollMs: number | undefined,
): void {
  provide(bind, binding, (get) => {
    const { db, logger, closables } = get(Platform);
    let loggedAt = Number.NEGATIVE_INFINITY;
    const list = new EndedSessionList(new MongoEndedSessionStore(db, collection), get(Clock), lifetimeSeconds, {
      ...(pollMs === undefined ? {} : { pollMs }),
      onReadError: (err: unknown) => {
        if (Date.now() - loggedAt < READ_ERROR_LOG_INTERVAL_MS) return;
        loggedAt = Date.now();
        logger.warn({ err, collection }, 'reading the ended sessions failed; tokens are refused (503) after 5 s');
      },
    });
    list.start();
    closables.push(list);
    return list;
  });
}

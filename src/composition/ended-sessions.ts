import { ContainerModule } from 'inversify';
import {
  HUB_ENDED_SESSIONS,
  SALES_ENDED_SESSIONS,
} from '../adapters/mongo/shared/ended-sessions/ended-session-collection';
import { MongoEndedSessionStore } from '../adapters/mongo/shared/ended-sessions/mongo-ended-session-store';
import { EndedSessionList } from '../application/shared/ended-sessions/ended-session-list';
import { Clock, HubEndedSessions, SalesEndedSessions, type EndedSessions } from '../application/shared/ports';
import type { Token } from '../application/shared/token';
import { ACCESS_TOKEN_TTL_SECONDS as HUB_ACCESS_TOKEN_TTL_SECONDS } from '../domain/hub-identity/refresh-token';
import { ACCESS_TOKEN_TTL_SECONDS as SALES_ACCESS_TOKEN_TTL_SECONDS } from '../domain/sales-identity/session-lifetimes';
import { provide, type Resolve } from './container';
import { Platform } from './platform';

/** A failed background read of the ended sessions is logged at most this often. */
const READ_ERROR_LOG_INTERVAL_MS = 60_000;

/**
 * Each service's ended sessions (CONTRACT 11.2): its collection, read into this copy's memory; an entry
 * lives as long as that service's access tokens (1 h sales, 900 s hub). Used by the identity areas.
 */
export const endedSessionsModule = new ContainerModule(({ bind }) => {
  const list = (collection: string, lifetimeSeconds: number) => (get: Resolve) => {
    const { db, logger } = get(Platform);
    const clock = get(Clock);
    let loggedAt = Number.NEGATIVE_INFINITY;
    return new EndedSessionList(new MongoEndedSessionStore(db, collection), clock, lifetimeSeconds, {
      onReadError: (err: unknown) => {
        const now = clock.now().getTime();
        if (now - loggedAt < READ_ERROR_LOG_INTERVAL_MS) return;
        loggedAt = now;
        logger.warn({ err, collection }, 'reading the ended sessions failed; read again by the next request');
      },
    });
  };
  const bindList = (token: Token<EndedSessions>, collection: string, lifetimeSeconds: number) =>
    provide(bind, token, list(collection, lifetimeSeconds));
  bindList(SalesEndedSessions, SALES_ENDED_SESSIONS, SALES_ACCESS_TOKEN_TTL_SECONDS);
  bindList(HubEndedSessions, HUB_ENDED_SESSIONS, HUB_ACCESS_TOKEN_TTL_SECONDS);
});

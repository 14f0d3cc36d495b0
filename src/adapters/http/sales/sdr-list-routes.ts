import Router from '@koa/router';
import type { ListSdrContacts } from '../../../application/sdr/list-sdr-contacts';
import type { ListSdrSessions } from '../../../application/sdr/list-sdr-sessions';
import { apiKeyGuard, type GuardDeps } from './guards';
import { orHttpError } from './sales-error-mapping';
import { decodeContactsQuery, decodeSessionsQuery } from './sdr-list-codecs';
import { contactsBody, sessionsBody } from './sdr-list-views';

export interface SdrListRoutesDeps {
  readonly guards: GuardDeps;
  readonly listSessions: ListSdrSessions;
  readonly listContacts: ListSdrContacts;
}

/** GET /sdr/sessions and GET /sdr/contacts (spec part 4; CONTRACT 8.1, 8.2): x-api-key, every role (8.7). */
export function sdrListRoutes(deps: SdrListRoutesDeps): Router {
  const router = new Router({ prefix: '/sdr' });
  const apiKeyOnly = apiKeyGuard(deps.guards);

  router.get('/sessions', apiKeyOnly, async (ctx) => {
    const input = decodeSessionsQuery(ctx.query);
    ctx.body = sessionsBody(orHttpError(await deps.listSessions.execute(input)), input);
  });

  router.get('/contacts', apiKeyOnly, async (ctx) => {
    const input = decodeContactsQuery(ctx.query);
    ctx.body = contactsBody(orHttpError(await deps.listContacts.execute(input)), input);
  });

  return router;
}

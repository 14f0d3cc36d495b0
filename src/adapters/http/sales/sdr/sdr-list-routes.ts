import Router from '@koa/router';
import type { ListSdrContacts } from '../../../../application/sdr/list-sdr-contacts';
import type { ListSdrSessions } from '../../../../application/sdr/list-sdr-sessions';
import { apiKeyGuard, type GuardDeps } from '../guards';
import { orHttpError } from '../sales-error-mapping';
import { documented } from '../../shared/openapi/documented-router';
import { salesError, SALES_SECURITY } from '../sales-openapi';
import { ContactsQuery, decodeContactsQuery, decodeSessionsQuery, SessionsQuery } from './sdr-list-codecs';
import { contactsBody, SdrContactsView, SdrSessionsView, sessionsBody } from './sdr-list-views';

export interface SdrListRoutesDeps {
  readonly guards: GuardDeps;
  readonly listSessions: ListSdrSessions;
  readonly listContacts: ListSdrContacts;
}

/** GET /sdr/sessions and GET /sdr/contacts (spec part 4; CONTRACT 8.1, 8.2): x-api-key, every role (8.7). */
export function sdrListRoutes(deps: SdrListRoutesDeps): Router {
  const router = new Router({ prefix: '/sdr' });
  const api = documented(router, { tag: 'SDR', security: SALES_SECURITY.apiKeyOnly });
  const apiKeyOnly = apiKeyGuard(deps.guards);
  const badQuery = salesError(
    'A query parameter is invalid, unknown or repeated, or `dateFrom` is after `dateTo` (one message per problem)',
  );

  const sessionsSpec = {
    summary: "The messaging gateway's one-to-one chats, newest last message first",
    query: SessionsQuery,
    responses: { 200: { description: 'A page of sessions', body: SdrSessionsView }, 400: badQuery },
  };
  api.get('/sessions', sessionsSpec, apiKeyOnly, async (ctx) => {
    const input = decodeSessionsQuery(ctx.query);
    ctx.body = sessionsBody(orHttpError(await deps.listSessions.execute(input)), input);
  });

  const contactsSpec = {
    summary: 'Contacts from SDR interactions and gateway chats, merged by phone, with metrics over the filtered set',
    query: ContactsQuery,
    responses: {
      200: {
        description: 'A page of contacts and the metrics of every contact the filters select',
        body: SdrContactsView,
      },
      400: badQuery,
    },
  };
  api.get('/contacts', contactsSpec, apiKeyOnly, async (ctx) => {
    const input = decodeContactsQuery(ctx.query);
    ctx.body = contactsBody(orHttpError(await deps.listContacts.execute(input)), input);
  });

  return router;
}

import Router from '@koa/router';
import type { CreateSdrInteraction } from '../../../../application/sdr/create-sdr-interaction';
import type { ListSdrInteractions } from '../../../../application/sdr/list-sdr-interactions';
import type { UpdateSdrStatus } from '../../../../application/sdr/update-sdr-status';
import { documented } from '../../shared/openapi/documented-router';
import { apiKeyGuard, combinedGuard, type GuardDeps } from '../guards';
import { decodeSdrListQuery, decodeSdrStatusRequest } from './lead-identifier-codec';
import { orHttpError } from '../sales-error-mapping';
import { salesError, SALES_SECURITY } from '../sales-openapi';
import { decodeSdrCreation, SdrCreateBody, SdrListQuery, SdrStatusBody } from './sdr-codecs';
import {
  creationBody,
  interactionListBody,
  SdrCreationView,
  SdrInteractionListView,
  SdrStatusUpdateView,
  statusUpdateBody,
} from './sdr-views';

export interface SdrRoutesDeps {
  readonly guards: GuardDeps;
  readonly createInteraction: CreateSdrInteraction;
  readonly updateStatus: UpdateSdrStatus;
  readonly listInteractions: ListSdrInteractions;
}

const notFound = salesError('`No SDR interaction found for phone <phone>` (or `for cpf <cpf>`)');
const createSpec = {
  summary: 'Records an SDR interaction (one per lead per 24 h: a later one updates it)',
  description:
    'Give `phone` or `session_id` (`web-<uuid v4>`); a phone must be a Brazilian number and a CPF a valid one.',
  body: SdrCreateBody,
  responses: {
    200: { description: 'The lead had an interaction in the last 24 h: updated', body: SdrCreationView },
    201: { description: 'Created', body: SdrCreationView },
    400: salesError('Every problem of the body, one message each'),
  },
};
const statusSpec = {
  summary: "Sets the status of a lead's latest interaction",
  body: SdrStatusBody,
  responses: { 200: { description: 'Updated', body: SdrStatusUpdateView }, 404: notFound },
};
const listSpec = {
  summary: "A lead's interactions, newest first",
  security: SALES_SECURITY.jwtOrApiKey,
  query: SdrListQuery,
  responses: {
    200: {
      description: 'At most 500 interactions, newest first (by createdAt): the newest of a lead with more',
      body: SdrInteractionListView,
    },
    400: salesError('A query parameter is invalid'),
    404: notFound,
  },
};

export function sdrRoutes(deps: SdrRoutesDeps): Router {
  const router = new Router({ prefix: '/sdr/interactions' });
  const api = documented(router, { tag: 'SDR', security: SALES_SECURITY.apiKeyOnly });
  // Spec part 5 rule 4, CONTRACT 3.1: creation and status update take only an API key.
  const apiKeyOnly = apiKeyGuard(deps.guards);

  api.post('/', createSpec, apiKeyOnly, async (ctx) => {
    const output = orHttpError(await deps.createInteraction.execute(decodeSdrCreation(ctx.request.body)));
    ctx.status = output.created ? 201 : 200;
    ctx.body = creationBody(output);
  });

  api.patch('/status', statusSpec, apiKeyOnly, async (ctx) => {
    ctx.body = statusUpdateBody(orHttpError(await deps.updateStatus.execute(decodeSdrStatusRequest(ctx.request.body))));
  });

  api.get('/', listSpec, combinedGuard(deps.guards), async (ctx) => {
    ctx.body = interactionListBody(orHttpError(await deps.listInteractions.execute(decodeSdrListQuery(ctx.query))));
  });

  return router;
}

import Router from '@koa/router';
import type { CreateSdrInteraction } from '../../../application/sdr/create-sdr-interaction';
import type { ListSdrInteractions } from '../../../application/sdr/list-sdr-interactions';
import type { UpdateSdrStatus } from '../../../application/sdr/update-sdr-status';
import { apiKeyGuard, combinedGuard, type GuardDeps } from './guards';
import { decodeSdrListQuery, decodeSdrStatusRequest } from './lead-identifier-codec';
import { orHttpError } from './sales-error-mapping';
import { decodeSdrCreation } from './sdr-codecs';
import { creationBody, interactionListBody, statusUpdateBody } from './sdr-views';

export interface SdrRoutesDeps {
  readonly guards: GuardDeps;
  readonly createInteraction: CreateSdrInteraction;
  readonly updateStatus: UpdateSdrStatus;
  readonly listInteractions: ListSdrInteractions;
}

export function sdrRoutes(deps: SdrRoutesDeps): Router {
  const router = new Router({ prefix: '/sdr/interactions' });
  // Spec part 5 rule 4, CONTRACT 3.1: creation and status update take only an API key.
  const apiKeyOnly = apiKeyGuard(deps.guards);

  router.post('/', apiKeyOnly, async (ctx) => {
    const output = orHttpError(await deps.createInteraction.execute(decodeSdrCreation(ctx.request.body)));
    ctx.status = output.created ? 201 : 200;
    ctx.body = creationBody(output);
  });

  router.patch('/status', apiKeyOnly, async (ctx) => {
    ctx.body = statusUpdateBody(orHttpError(await deps.updateStatus.execute(decodeSdrStatusRequest(ctx.request.body))));
  });

  router.get('/', combinedGuard(deps.guards), async (ctx) => {
    ctx.body = interactionListBody(orHttpError(await deps.listInteractions.execute(decodeSdrListQuery(ctx.query))));
  });

  return router;
}

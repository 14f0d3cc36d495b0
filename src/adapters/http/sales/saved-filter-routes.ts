import Router from '@koa/router';
import type { CreateSavedFilter } from '../../../application/saved-filters/create-saved-filter';
import type { DeleteSavedFilter } from '../../../application/saved-filters/delete-saved-filter';
import type { GetSavedFilter } from '../../../application/saved-filters/get-saved-filter';
import type { ListSavedFilters } from '../../../application/saved-filters/list-saved-filters';
import type { RenameSavedFilter } from '../../../application/saved-filters/rename-saved-filter';
import { combinedGuard, type GuardDeps } from './guards';
import { requireIdentity } from './request-identity';
import { decodeSavedFilterCreation, decodeSavedFilterListQuery, decodeSavedFilterRename } from './saved-filter-codecs';
import { orHttpError } from './sales-error-mapping';
import { savedFilterBody } from './saved-filter-views';

export interface SavedFilterRoutesDeps {
  readonly guards: GuardDeps;
  readonly createSavedFilter: CreateSavedFilter;
  readonly listSavedFilters: ListSavedFilters;
  readonly getSavedFilter: GetSavedFilter;
  readonly renameSavedFilter: RenameSavedFilter;
  readonly deleteSavedFilter: DeleteSavedFilter;
}

/** CONTRACT 8.5, spec part 4 PATCH /user/saved-filters/{id}: combined credential, every role, owner only. */
export function savedFilterRoutes(deps: SavedFilterRoutesDeps): Router {
  const router = new Router({ prefix: '/user/saved-filters' });
  const guard = combinedGuard(deps.guards);

  router.post('/', guard, async (ctx) => {
    const input = decodeSavedFilterCreation(ctx.request.body, requireIdentity(ctx).id);
    const filter = orHttpError(await deps.createSavedFilter.execute(input));
    ctx.status = 201;
    ctx.body = savedFilterBody(filter);
  });

  router.get('/', guard, async (ctx) => {
    const resource = decodeSavedFilterListQuery(ctx.query);
    const filters = orHttpError(await deps.listSavedFilters.execute({ userId: requireIdentity(ctx).id, ...(resource === undefined ? {} : { resource }) }));
    ctx.body = { data: filters.map(savedFilterBody) };
  });

  router.get('/:id', guard, async (ctx) => {
    ctx.body = savedFilterBody(orHttpError(await deps.getSavedFilter.execute({ userId: requireIdentity(ctx).id, id: ctx.params.id ?? '' })));
  });

  router.patch('/:id', guard, async (ctx) => {
    const name = decodeSavedFilterRename(ctx.request.body);
    orHttpError(await deps.renameSavedFilter.execute({ userId: requireIdentity(ctx).id, id: ctx.params.id ?? '', name }));
    ctx.body = {};
  });

  router.delete('/:id', guard, async (ctx) => {
    orHttpError(await deps.deleteSavedFilter.execute({ userId: requireIdentity(ctx).id, id: ctx.params.id ?? '' }));
    ctx.status = 204;
  });

  return router;
}

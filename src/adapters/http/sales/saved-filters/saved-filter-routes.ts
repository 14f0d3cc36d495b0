import Router from '@koa/router';
import * as t from 'io-ts';
import type { CreateSavedFilter } from '../../../../application/saved-filters/create-saved-filter';
import type { DeleteSavedFilter } from '../../../../application/saved-filters/delete-saved-filter';
import type { GetSavedFilter } from '../../../../application/saved-filters/get-saved-filter';
import type { ListSavedFilters } from '../../../../application/saved-filters/list-saved-filters';
import type { RenameSavedFilter } from '../../../../application/saved-filters/rename-saved-filter';
import { combinedGuard, type GuardDeps } from '../guards';
import { requireIdentity } from '../request-identity';
import { decodeSavedFilterCreation, decodeSavedFilterListQuery, decodeSavedFilterRename } from './saved-filter-codecs';
import { orHttpError } from '../sales-error-mapping';
import { documented } from '../../shared/openapi/documented-router';
import { salesError, SALES_SECURITY } from '../sales-openapi';
import { SavedFilterCreateBody, SavedFilterListQuery, SavedFilterRenameBody } from './saved-filter-codecs';
import { savedFilterBody, SavedFilterListView, SavedFilterView } from './saved-filter-views';
import { pageBody } from '../../shared/decoding/page-query';

export interface SavedFilterRoutesDeps {
  readonly guards: GuardDeps;
  readonly createSavedFilter: CreateSavedFilter;
  readonly listSavedFilters: ListSavedFilters;
  readonly getSavedFilter: GetSavedFilter;
  readonly renameSavedFilter: RenameSavedFilter;
  readonly deleteSavedFilter: DeleteSavedFilter;
}

const notFound = salesError("`Saved filter not found` (unknown, or another user's)");
const invalid = salesError('The body is invalid (one message per problem; unknown keys are refused)');
const nameTaken = salesError('The user has a filter of that name for that resource');
const id = { id: 'The saved filter id' };
const createSpec = {
  summary: 'Saves a named list query for the calling user',
  body: SavedFilterCreateBody,
  responses: { 201: { description: 'Saved', body: SavedFilterView }, 400: invalid, 409: nameTaken },
};
const listSpec = {
  summary: "A page of the calling user's saved filters, by resource then name",
  query: SavedFilterListQuery,
  responses: {
    200: { description: 'A page of filters', body: SavedFilterListView },
    400: salesError(
      'A query parameter is invalid (one message per problem): `page`, `limit` out of range, `resource` not one of ' +
        'the resources, or one given twice',
    ),
  },
};
const renameSpec = {
  summary: 'Renames a saved filter; answers `{}`',
  pathParameters: id,
  body: SavedFilterRenameBody,
  responses: { 200: { description: 'Renamed', body: t.type({}) }, 400: invalid, 404: notFound, 409: nameTaken },
};

const getSpec = {
  summary: "One of the calling user's saved filters",
  pathParameters: id,
  responses: { 200: { description: 'The filter', body: SavedFilterView }, 404: notFound },
};
const deleteSpec = {
  summary: 'Deletes a saved filter',
  pathParameters: id,
  responses: { 204: { description: 'Deleted' }, 404: notFound },
};

/** CONTRACT 8.5, spec part 4 PATCH /user/saved-filters/{id}: combined credential, every role, owner only. */
export function savedFilterRoutes(deps: SavedFilterRoutesDeps): Router {
  const router = new Router({ prefix: '/user/saved-filters' });
  const api = documented(router, { tag: 'Saved filters', security: SALES_SECURITY.jwtOrApiKey });
  const guard = combinedGuard(deps.guards);

  api.post('/', createSpec, guard, async (ctx) => {
    const input = decodeSavedFilterCreation(ctx.request.body, requireIdentity(ctx).id);
    const filter = orHttpError(await deps.createSavedFilter.execute(input));
    ctx.status = 201;
    ctx.body = savedFilterBody(filter);
  });

  api.get('/', listSpec, guard, async (ctx) => {
    const query = decodeSavedFilterListQuery(ctx.query);
    const listed = orHttpError(await deps.listSavedFilters.execute({ userId: requireIdentity(ctx).id, ...query }));
    ctx.body = pageBody(listed, query, savedFilterBody);
  });

  api.get('/:id', getSpec, guard, async (ctx) => {
    ctx.body = savedFilterBody(
      orHttpError(await deps.getSavedFilter.execute({ userId: requireIdentity(ctx).id, id: ctx.params.id ?? '' })),
    );
  });

  api.patch('/:id', renameSpec, guard, async (ctx) => {
    const name = decodeSavedFilterRename(ctx.request.body);
    orHttpError(
      await deps.renameSavedFilter.execute({ userId: requireIdentity(ctx).id, id: ctx.params.id ?? '', name }),
    );
    ctx.body = {};
  });

  api.delete('/:id', deleteSpec, guard, async (ctx) => {
    orHttpError(await deps.deleteSavedFilter.execute({ userId: requireIdentity(ctx).id, id: ctx.params.id ?? '' }));
    ctx.status = 204;
  });

  return router;
}

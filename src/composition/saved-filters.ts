import { ContainerModule } from 'inversify';
import { CreateSavedFilter } from '../application/saved-filters/create-saved-filter';
import { DeleteSavedFilter } from '../application/saved-filters/delete-saved-filter';
import { GetSavedFilter } from '../application/saved-filters/get-saved-filter';
import { ListSavedFilters } from '../application/saved-filters/list-saved-filters';
import { SavedFilterRepository } from '../application/saved-filters/ports';
import { RenameSavedFilter } from '../application/saved-filters/rename-saved-filter';
import { savedFilterRoutes } from '../adapters/http/sales/saved-filters/saved-filter-routes';
import { savedFiltersAreaIndexes } from '../adapters/mongo/saved-filters/indexes';
import { MongoSavedFilterRepository } from '../adapters/mongo/saved-filters/mongo-saved-filter-repository';
import { Clock, IdGenerator } from '../application/shared/ports';
import { token, type Token } from '../application/shared/token';
import { provide, type Resolve } from './container';
import { Platform } from './platform';
import { SalesGuards } from './sales-identity';

/** Saved filters per user (spec sales part 4 PATCH /user/saved-filters/{id}; CONTRACT 8.5). */
export const savedFiltersModule = new ContainerModule(({ bind }) => {
  provide(bind, SavedFilterRepository, (get) => new MongoSavedFilterRepository(get(Platform).db));
  provide(bind, SavedFiltersArea, savedFiltersArea);
});

function savedFiltersArea(get: Resolve) {
  const clock = get(Clock);
  const filters = get(SavedFilterRepository);
  const useCases = {
    createSavedFilter: new CreateSavedFilter(filters, clock, get(IdGenerator)),
    listSavedFilters: new ListSavedFilters(filters),
    getSavedFilter: new GetSavedFilter(filters),
    renameSavedFilter: new RenameSavedFilter(filters, clock),
    deleteSavedFilter: new DeleteSavedFilter(filters),
  };
  const routers = [savedFilterRoutes({ guards: get(SalesGuards), ...useCases })];
  return { service: 'sales' as const, useCases, routers, indexes: savedFiltersAreaIndexes, dataChecks: [] };
}
export type SavedFiltersArea = ReturnType<typeof savedFiltersArea>;
export const SavedFiltersArea: Token<SavedFiltersArea> = token('SavedFiltersArea');

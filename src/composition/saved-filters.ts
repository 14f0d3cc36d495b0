import type { Container } from 'inversify';
import { CreateSavedFilter } from '../application/saved-filters/create-saved-filter';
import { DeleteSavedFilter } from '../application/saved-filters/delete-saved-filter';
import { GetSavedFilter } from '../application/saved-filters/get-saved-filter';
import { ListSavedFilters } from '../application/saved-filters/list-saved-filters';
import { SavedFilterRepository } from '../application/saved-filters/ports';
import { RenameSavedFilter } from '../application/saved-filters/rename-saved-filter';
import type { GuardDeps } from '../adapters/http/sales/guards';
import { savedFilterRoutes } from '../adapters/http/sales/saved-filters/saved-filter-routes';
import { savedFiltersAreaIndexes } from '../adapters/mongo/saved-filters/indexes';
import { MongoSavedFilterRepository } from '../adapters/mongo/saved-filters/mongo-saved-filter-repository';
import { bindPort } from './container';
import { sharedPorts, type Platform } from './platform';

export type SavedFiltersArea = ReturnType<typeof composeSavedFilters>;

/** Saved filters per user (spec sales part 4 PATCH /user/saved-filters/{id}; CONTRACT 8.5). */
export function composeSavedFilters(container: Container, platform: Platform, guards: GuardDeps) {
  const { clock, ids } = sharedPorts(container);
  const filters = bindPort(container, SavedFilterRepository, new MongoSavedFilterRepository(platform.db));
  const useCases = {
    createSavedFilter: new CreateSavedFilter(filters, clock, ids),
    listSavedFilters: new ListSavedFilters(filters),
    getSavedFilter: new GetSavedFilter(filters),
    renameSavedFilter: new RenameSavedFilter(filters, clock),
    deleteSavedFilter: new DeleteSavedFilter(filters),
  };
  const routers = [savedFilterRoutes({ guards, ...useCases })];
  return { service: 'sales' as const, useCases, routers, indexes: savedFiltersAreaIndexes };
}

import type { CollectionIndexes } from '../shared/collection-indexes';
import { savedFiltersIndexes } from './saved-filter-collection';

/** The collections of the saved-filters area. */
export const savedFiltersAreaIndexes: readonly CollectionIndexes[] = [savedFiltersIndexes];

import type { CollectionIndexes } from '../shared/collection-indexes';
import { policiesIndexes } from './policy-collection';

/** The collections of the policies area (the people it links to belong to the sales area). */
export const policiesAreaIndexes: readonly CollectionIndexes[] = [policiesIndexes];

import { hubIdentityAreaIndexes } from '../../../src/adapters/mongo/hub-identity/indexes';
import { hubLeadsAreaIndexes } from '../../../src/adapters/mongo/hub-leads/indexes';
import { salesIdentityAreaIndexes } from '../../../src/adapters/mongo/sales-identity/indexes';
import { salesAreaIndexes } from '../../../src/adapters/mongo/sales/indexes';
import { sdrAreaIndexes } from '../../../src/adapters/mongo/sdr/indexes';
import { savedFiltersAreaIndexes } from '../../../src/adapters/mongo/saved-filters/indexes';
import { policiesAreaIndexes } from '../../../src/adapters/mongo/policies/indexes';
import type { CollectionIndexes } from '../../../src/adapters/mongo/shared/collection-indexes';

/**
 * Every area's index list: what the guard holds queries against. Its test checks that this is the
 * list the composition root hands to ensure-indexes, so a new area cannot escape the guard.
 */
export const DECLARED_INDEXES: readonly CollectionIndexes[] = [
  ...salesIdentityAreaIndexes,
  ...salesAreaIndexes,
  ...sdrAreaIndexes,
  ...savedFiltersAreaIndexes,
  ...policiesAreaIndexes,
  ...hubIdentityAreaIndexes,
  ...hubLeadsAreaIndexes,
];

import { hubIdentityAreaIndexes } from '../../../src/adapters/mongo/hub-identity/indexes';
import { hubLeadsAreaIndexes } from '../../../src/adapters/mongo/hub-leads/indexes';
import { salesIdentityAreaIndexes } from '../../../src/adapters/mongo/sales-identity/indexes';
import { salesAreaIndexes } from '../../../src/adapters/mongo/sales/indexes';
import { gatewayStoreIndexes, sdrAreaIndexes } from '../../../src/adapters/mongo/sdr/indexes';
import { savedFiltersAreaIndexes } from '../../../src/adapters/mongo/saved-filters/indexes';
import { policiesAreaIndexes } from '../../../src/adapters/mongo/policies/indexes';
import { assistantAreaIndexes } from '../../../src/adapters/mongo/assistant/indexes';
import { erasureIndexes } from '../../../src/adapters/mongo/privacy/erasure-collection';
import type { CollectionIndexes } from '../../../src/adapters/mongo/shared/collection-indexes';
import { DEFAULT_EVENT_LOG_RETENTION_DAYS } from '../../../src/config';

/**
 * Every area's index list: what the guard holds queries against. Its test checks that this is the
 * list the composition root hands to ensure-indexes (with the default configuration), so a new area
 * cannot escape the guard. TTL indexes are indexes like the others here: they serve queries too.
 */
export const DECLARED_INDEXES: readonly CollectionIndexes[] = [
  ...salesIdentityAreaIndexes(DEFAULT_EVENT_LOG_RETENTION_DAYS),
  ...salesAreaIndexes,
  ...sdrAreaIndexes,
  ...gatewayStoreIndexes,
  ...savedFiltersAreaIndexes,
  ...policiesAreaIndexes,
  ...assistantAreaIndexes,
  ...hubIdentityAreaIndexes,
  ...hubLeadsAreaIndexes,
  erasureIndexes,
];

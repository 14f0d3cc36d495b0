import type { CollectionIndexes } from '../shared/collection-indexes';
import { deliveryAttemptsIndexes } from './delivery-attempts-collection';
import { peopleIndexes } from './people-collection';
import { saleStatusEventIndexes, salesIndexes } from './sales-collection';
import { vendorsIndexes } from './vendors-collection';

/** The collections of the sales area (sales and their status events, people, vendors, delivery attempts). */
export const salesAreaIndexes: readonly CollectionIndexes[] = [
  salesIndexes,
  saleStatusEventIndexes,
  peopleIndexes,
  vendorsIndexes,
  deliveryAttemptsIndexes,
];

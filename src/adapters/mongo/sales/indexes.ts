import type { CollectionIndexes } from '../shared/collection-indexes';
import { deliveryAttemptsIndexes } from './delivery-attempts-collection';
import { peopleIndexes } from './people-collection';
import { salesIndexes } from './sales-collection';
import { vendorsIndexes } from './vendors-collection';

/** The collections of the sales area (sales, people, vendors, delivery attempts). */
export const salesAreaIndexes: readonly CollectionIndexes[] = [salesIndexes, peopleIndexes, vendorsIndexes, deliveryAttemptsIndexes];

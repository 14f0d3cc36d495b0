import type { CollectionIndexes } from '../shared/collection-indexes';
import { sdrInteractionIndexes } from './sdr-interactions-collection';

/** The collections of the SDR area. */
export const sdrAreaIndexes: readonly CollectionIndexes[] = [sdrInteractionIndexes];

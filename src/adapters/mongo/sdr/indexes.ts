import type { CollectionIndexes } from '../shared/collection-indexes';
import { sdrInteractionIndexes, sdrNoteIndexes } from './sdr-interactions-collection';

/** The collections of the SDR area (interactions and their notes). */
export const sdrAreaIndexes: readonly CollectionIndexes[] = [sdrInteractionIndexes, sdrNoteIndexes];

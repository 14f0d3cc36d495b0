import type { CollectionIndexes } from '../shared/collection-indexes';
import { DEFAULT_GATEWAY_MESSAGES, gatewayMessageIndexes } from './gateway-messages-collection';
import { sdrInteractionIndexes, sdrNoteIndexes } from './sdr-interactions-collection';

/** The collections of the SDR area (interactions and their notes). */
export const sdrAreaIndexes: readonly CollectionIndexes[] = [sdrInteractionIndexes, sdrNoteIndexes];

/** The gateway's message collection under its default name (CONTRACT 8.1), as the SDR reads need it. */
export const gatewayStoreIndexes: readonly CollectionIndexes[] = [gatewayMessageIndexes(DEFAULT_GATEWAY_MESSAGES)];

import type { CollectionIndexes } from '../shared/collection-indexes';
import { DEFAULT_GATEWAY_MESSAGES, gatewayMessageIndexes } from './gateway-messages-collection';
import { chatReadModelIndexes } from './read-models/chat-read-model-collection';
import { contactReadModelIndexes } from './read-models/contact-read-model-collection';
import { followerStateIndexes } from './read-models/follower-state-collection';
import { sdrInteractionIndexes, sdrNoteIndexes } from './sdr-interactions-collection';

/**
 * The collections of the SDR area (interactions and their notes, the read models of CONTRACT 10.1 and the follower's
 * state).
 */
export const sdrAreaIndexes: readonly CollectionIndexes[] = [
  sdrInteractionIndexes,
  sdrNoteIndexes,
  contactReadModelIndexes,
  chatReadModelIndexes,
  followerStateIndexes,
];

/** The gateway's message collection under its default name (CONTRACT 8.1), as the SDR reads need it. */
export const gatewayStoreIndexes: readonly CollectionIndexes[] = [gatewayMessageIndexes(DEFAULT_GATEWAY_MESSAGES)];

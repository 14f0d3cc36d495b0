import type { CollectionIndexes } from '../shared/collection-indexes';
import { chatMessagesIndexes, chatSessionsIndexes } from './chat-collections';

/** The collections of the assistant area. */
export const assistantAreaIndexes: readonly CollectionIndexes[] = [chatSessionsIndexes, chatMessagesIndexes];

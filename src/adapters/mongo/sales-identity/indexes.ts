import type { CollectionIndexes } from '../shared/collection-indexes';
import { endedSessionIndexes, SALES_ENDED_SESSIONS } from '../shared/ended-sessions/ended-session-collection';
import { apiEventIndexes } from './api-event-collection';
import { apiKeyIndexes } from './api-key-collection';
import { passwordResetTokenIndexes } from './password-reset-token-collection';
import { salesRefreshTokenIndexes } from './sales-refresh-token-collection';
import { salesUserIndexes } from './sales-user-collection';

/**
 * The collections of the sales-identity area (users, sessions, reset tokens, API keys, API event log);
 * the event log keeps its entries `eventLogRetentionDays` (EVENT_LOG_RETENTION_DAYS).
 */
export const salesIdentityAreaIndexes = (eventLogRetentionDays: number): readonly CollectionIndexes[] => [
  salesUserIndexes,
  salesRefreshTokenIndexes,
  endedSessionIndexes(SALES_ENDED_SESSIONS),
  passwordResetTokenIndexes,
  apiKeyIndexes,
  apiEventIndexes(eventLogRetentionDays),
];

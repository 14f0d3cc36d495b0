/**
 * CONTRACT 9.4: how long data that only has to live for a while is kept. Each period is the
 * `expireAfterSeconds` of a TTL index on a BSON Date field: the server's TTL monitor (about once a
 * minute on mongod) removes a document that long after that date. Sales, people, leads, policies,
 * SDR data and delivery attempts have no TTL index: they are never removed automatically.
 */

export const DAY_SECONDS = 86_400;

export const daysInSeconds = (days: number): number => days * DAY_SECONDS;

/**
 * Refresh tokens (expired or revoked) and password-reset tokens (used or expired): 30 days after
 * their `expiresAt`. Revoking or using a token does not move that clock (docs/decisions.md).
 */
export const SPENT_TOKEN_RETENTION_SECONDS = daysInSeconds(30);

/** Raw inbound webhook events (the hub's lead-event log with each payload) and their redelivery receipts. */
export const INBOUND_WEBHOOK_RETENTION_SECONDS = daysInSeconds(90);

import {
  MongoClientClosedError,
  MongoError,
  MongoErrorLabel,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerClosedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';

/**
 * Driver classes meaning "no server can be reached or used now". MongoNetworkError covers its
 * subclasses: timeouts and the pool-cleared errors the driver raises after a connection failed.
 */
const UNAVAILABLE_CLASSES = [
  MongoNetworkError,
  MongoServerSelectionError,
  MongoOperationTimeoutError,
  MongoNotConnectedError,
  MongoTopologyClosedError,
  MongoServerClosedError,
  MongoClientClosedError,
] as const;

/**
 * Labels the driver or the server put on errors of an unreachable, reset, shutting-down or overloaded
 * server (a retryable write that still failed, a pool reset or paused, a failed handshake). Not
 * TransientTransactionError: a write conflict carries it too.
 */
const UNAVAILABLE_LABELS: readonly string[] = [
  MongoErrorLabel.RetryableWriteError,
  MongoErrorLabel.ResetPool,
  MongoErrorLabel.PoolRequestedRetry,
  MongoErrorLabel.HandshakeError,
  MongoErrorLabel.InterruptInUseConnections,
  MongoErrorLabel.SystemOverloadedError,
];

/**
 * Server codes of a node that cannot serve now (unreachable, shutting down, stepping down, not
 * primary): the retryable-read and state-change codes of the driver specifications. A read carries
 * no label, so the code is all there is.
 */
const UNAVAILABLE_SERVER_CODES = new Set([6, 7, 89, 91, 189, 9001, 10107, 11600, 11602, 13435, 13436]);

/**
 * The driver does not export its connection-pool errors (closed pool, checkout timed out); their
 * names are the only handle on them.
 */
const UNEXPORTED_POOL_ERRORS = new Set(['MongoPoolClosedError', 'MongoWaitQueueTimeoutError']);

const MAX_CAUSES = 8;

/**
 * Whether a failure means "the database is unavailable" (CONTRACT 9.5: a 503, never a 500), judged by
 * the driver's error classes and labels, on the error and on what it wraps (a `cause`, or the error a
 * bulk write failed with), a bounded number of levels deep.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSES && current instanceof Error; depth += 1) {
    if (isUnavailableItself(current)) return true;
    current = wrapped(current);
  }
  return false;
}

function wrapped(error: Error): unknown {
  if (error.cause !== undefined) return error.cause;
  // MongoBulkWriteError keeps the error that stopped the batch (a network failure, say) here.
  return error instanceof MongoServerError && error.errorResponse instanceof Error ? error.errorResponse : undefined;
}

function isUnavailableItself(error: Error): boolean {
  if (UNAVAILABLE_CLASSES.some((kind) => error instanceof kind)) return true;
  if (!(error instanceof MongoError)) return false;
  if (UNAVAILABLE_LABELS.some((label) => error.hasErrorLabel(label))) return true;
  if (error instanceof MongoServerError && typeof error.code === 'number' && UNAVAILABLE_SERVER_CODES.has(error.code))
    return true;
  return UNEXPORTED_POOL_ERRORS.has(error.name);
}

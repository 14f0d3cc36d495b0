import { MongoBulkWriteError, MongoServerError, type WriteError } from 'mongodb';

const DUPLICATE_KEY_CODES: ReadonlySet<unknown> = new Set([11000, 11001]);

/**
 * A unique index refused the write (the database, not a read before it, decides uniqueness): a single
 * write's error, or a bulk write's whose every write error is a duplicate key (and no write-concern error).
 */
export function isDuplicateKey(error: unknown): boolean {
  if (error instanceof MongoBulkWriteError) {
    // A write-concern error means the writes may not be durable: not a plain refusal.
    const result = error.result as Partial<typeof error.result> | undefined;
    if (typeof result?.getWriteConcernError === 'function' && result.getWriteConcernError() !== undefined) return false;
    const writeErrors = writeErrorsOf(error);
    return writeErrors.length === 0
      ? DUPLICATE_KEY_CODES.has(error.code)
      : writeErrors.every((e) => DUPLICATE_KEY_CODES.has(e.code));
  }
  return error instanceof MongoServerError && DUPLICATE_KEY_CODES.has(error.code);
}

/** A bulk write error's write errors as a list (the driver gives one error or an array). */
export function writeErrorsOf(error: MongoBulkWriteError): readonly WriteError[] {
  const errors: WriteError | readonly WriteError[] = error.writeErrors;
  return Array.isArray(errors) ? (errors as readonly WriteError[]) : [errors as WriteError];
}

/** Another transaction wrote the same document first (MongoDB WriteConflict, code 112). */
export const isWriteConflict = (error: unknown): boolean =>
  error instanceof MongoServerError && (error.code === 112 || error.hasErrorLabel('TransientTransactionError'));

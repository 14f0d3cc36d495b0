import { MongoServerError } from 'mongodb';

/** A unique index refused the write (the database, not a read before it, decides uniqueness). */
export const isDuplicateKey = (error: unknown): boolean =>
  error instanceof MongoServerError && (error.code === 11000 || error.code === 11001);

/** Another transaction wrote the same document first (MongoDB WriteConflict, code 112). */
export const isWriteConflict = (error: unknown): boolean =>
  error instanceof MongoServerError && (error.code === 112 || error.hasErrorLabel('TransientTransactionError'));

import type { Collection, Db } from 'mongodb';
import type { Person } from '../../../domain/sales/sale';
import { emailKeysOf } from '../../../domain/shared/email-key';
import type { CollectionIndexes } from '../shared/collection-indexes';
import type { DerivedField } from '../shared/derived-fields';

export const PEOPLE = 'people';

/**
 * `phoneKeys` (SDR): the match keys (DDD + last 8 digits, CONTRACT 3.4) of the person's phones,
 * derived at write time so a lookup by any spelling of a phone is one indexed equality.
 * `minimalPhoneKey`: the match key of a minimal person's phone (SDR first contact), unique, so racing
 * first contacts of one phone make one person; released when the person is saved for a sale.
 * `emailKeys`: the keys (lower case, CONTRACT 12.1) of its two e-mails, which stay as written.
 */
export type PersonDocument = Omit<Person, 'id'> & {
  _id: string;
  phoneKeys?: string[];
  emailKeys?: string[];
  minimalPhoneKey?: string;
  /** Set by an erasure (CONTRACT 12.4): every personal field of the person was removed; no identifier kept. */
  erasedAt?: Date;
};

export const peopleCollection = (db: Db): Collection<PersonDocument> => db.collection<PersonDocument>(PEOPLE);

/** A data subject's persons by an e-mail in any case (CONTRACT 12.1): stored by every write, erasure included. */
export const personEmailKeys: DerivedField<'personalEmail' | 'commercialEmail', string[]> = {
  field: 'emailKeys',
  sources: ['personalEmail', 'commercialEmail'],
  derive: (person) => emailKeysOf([person.personalEmail, person.commercialEmail]),
};

export const peopleIndexes: CollectionIndexes = {
  collection: PEOPLE,
  indexes: [
    // One person per CPF; minimal persons (SDR contacts) have none.
    { key: { cpf: 1 }, name: 'unique_cpf', unique: true, partialFilterExpression: { cpf: { $type: 'string' } } },
    // The assistant's sales search by part of a name (an index scan, never a collection scan).
    { key: { fullName: 1 }, name: 'by_full_name' },
    // The persons erasures anonymized (CONTRACT 12.4; check-data erased-subjects).
    { key: { erasedAt: 1 }, name: 'erased', partialFilterExpression: { erasedAt: { $type: 'date' } } },
    // A data subject named by an e-mail in any case (CONTRACT 12.1).
    { key: { emailKeys: 1 }, name: 'by_email_key', derives: personEmailKeys },
    // SDR lookups by phone (CONTRACT 3.4).
    { key: { phoneKeys: 1 }, name: 'by_phone_key' },
    // One minimal person per phone (CONTRACT 3.4): the database, not a read before it, decides.
    {
      key: { minimalPhoneKey: 1 },
      name: 'unique_minimal_phone_key',
      unique: true,
      partialFilterExpression: { minimalPhoneKey: { $type: 'string' } },
    },
  ],
};

import type { Db, Filter } from 'mongodb';
import type { HoldingReader, SubjectLinker } from '../../../../application/shared/privacy/holding';
import { phoneKeysOf } from '../../../../application/shared/privacy/subject-values';
import { withFound, type Subject } from '../../../../application/shared/privacy/subject';
import { emailKeysOf } from '../../../../domain/shared/email-key';
import { normalizePhone } from '../../../../domain/shared/phone';
import type { Person } from '../../../../domain/sales/sale';
import type { SaleEntry } from '../../../../domain/sales/sale';
import { saleEntries } from '../sale-entries';
import { peopleCollection, type PersonDocument } from '../people-collection';
import { toPerson } from '../person-mapper';
import { salesCollection, type SaleDocument } from '../sales-collection';

/** Documents per cursor batch of an export: what the process holds of a store at a time. */
export const EXPORT_BATCH = 200;

/** The people naming the subject: by id, CPF, any phone spelling (match key) or e-mail in any case; each indexed. */
export function peopleFilter(subject: Subject): Filter<PersonDocument> | undefined {
  const branches: Filter<PersonDocument>[] = [];
  if (subject.personIds.length > 0) branches.push({ _id: { $in: [...subject.personIds] } });
  if (subject.cpfs.length > 0) branches.push({ cpf: { $in: [...subject.cpfs] } });
  const keys = phoneKeysOf(subject);
  if (keys.length > 0) branches.push({ phoneKeys: { $in: keys } });
  const emailKeys = emailKeysOf(subject.emails);
  if (emailKeys.length > 0) branches.push({ emailKeys: { $in: emailKeys } });
  return branches.length === 0 ? undefined : { $or: branches };
}

const PHONE_FIELDS = ['residentialPhone', 'commercialPhone', 'mobile', 'optionalPhone'] as const;

/** `people` (CONTRACT 12.1): the persons; also links their ids, CPF, phones and e-mails to the subject. */
export class MongoPeopleHolding implements HoldingReader, SubjectLinker {
  constructor(private readonly db: Db) {}

  async count(subject: Subject): Promise<number> {
    const filter = peopleFilter(subject);
    return filter === undefined ? 0 : peopleCollection(this.db).countDocuments(filter);
  }

  async *documents(subject: Subject): AsyncIterable<Person> {
    const filter = peopleFilter(subject);
    if (filter === undefined) return;
    for await (const doc of peopleCollection(this.db).find(filter).batchSize(EXPORT_BATCH)) yield toPerson(doc);
  }

  async link(subject: Subject): Promise<Subject> {
    const filter = peopleFilter(subject);
    if (filter === undefined) return subject;
    const people = await peopleCollection(this.db).find(filter).limit(100).toArray();
    const phones = people.flatMap((p) => PHONE_FIELDS.map((field) => p[field]));
    const emails = people.flatMap((p) => [p.personalEmail, p.commercialEmail]);
    return {
      personIds: withFound(
        subject.personIds,
        people.map((p) => p._id),
      ),
      cpfs: withFound(
        subject.cpfs,
        people.map((p) => p.cpf),
      ),
      phones: withFound(
        subject.phones,
        phones.map((phone) => (phone === null ? null : normalizePhone(phone))),
      ),
      emails: withFound(subject.emails, emailKeysOf(emails)),
    };
  }
}

/** `sales` (CONTRACT 12.1): the sales of the subject's persons (with address and vehicle). */
export class MongoSalesHolding implements HoldingReader {
  constructor(private readonly db: Db) {}

  async count(subject: Subject): Promise<number> {
    if (subject.personIds.length === 0) return 0;
    return salesCollection(this.db).countDocuments({ personId: { $in: [...subject.personIds] } });
  }

  /** Each sale with its person and vendor (what the API's sale views read), a cursor batch at a time. */
  async *documents(subject: Subject): AsyncIterable<SaleEntry> {
    if (subject.personIds.length === 0) return;
    const cursor = salesCollection(this.db)
      .find({ personId: { $in: [...subject.personIds] } })
      .batchSize(EXPORT_BATCH);
    let batch: SaleDocument[] = [];
    for await (const doc of cursor) {
      batch.push(doc);
      if (batch.length < EXPORT_BATCH) continue;
      yield* await saleEntries(this.db, batch);
      batch = [];
    }
    if (batch.length > 0) yield* await saleEntries(this.db, batch);
  }
}

import type { Db } from 'mongodb';
import type { ErasureSubject } from '../../../domain/privacy/erasure';
import { emailKeysOf } from '../../../domain/shared/email-key';
import { phoneMatchKey, type CanonicalPhone } from '../../../domain/shared/phone';
import type { ErasureSubjectResolver } from '../../../application/privacy/ports';
import { withFound, type SubjectIdentifier } from '../../../application/shared/privacy/subject';
import { peopleCollection, type PersonDocument } from '../sales/people-collection';
import { sdrInteractionsCollection } from '../sdr/sdr-interactions-collection';

/**
 * The whole subject of an identifier (CONTRACT 12.1): the persons holding its CPF, a phone matching it
 * (3.4) or its e-mail in any case (their `emailKeys`), grown with their values until nothing new turns up;
 * the SDR interactions of those persons or phones add their web session ids and persons. Indexed lookups only.
 */
export class MongoErasureSubjectResolver implements ErasureSubjectResolver {
  constructor(private readonly db: Db) {}

  async resolve(identifier: SubjectIdentifier): Promise<ErasureSubject> {
    let subject: ErasureSubject = {
      cpfs: identifier.kind === 'cpf' ? [identifier.value] : [],
      phones: identifier.kind === 'phone' ? [identifier.value] : [],
      emails: identifier.kind === 'email' ? [identifier.value] : [],
      personIds: [],
      names: [],
      sessionIds: [],
    };
    for (let round = 0; round < 4; round += 1) {
      const grown = await this.grow(subject);
      if (JSON.stringify(grown) === JSON.stringify(subject)) return grown;
      subject = grown;
    }
    return subject;
  }

  private async grow(subject: ErasureSubject): Promise<ErasureSubject> {
    const phoneKeys = subject.phones.map((p) => phoneMatchKey(p as CanonicalPhone));
    const emailKeys = emailKeysOf(subject.emails);
    const people = peopleCollection(this.db);
    const or = [
      ...(subject.cpfs.length > 0 ? [{ cpf: { $in: [...subject.cpfs] } }] : []),
      ...(phoneKeys.length > 0 ? [{ phoneKeys: { $in: phoneKeys } }] : []),
      ...(emailKeys.length > 0 ? [{ emailKeys: { $in: emailKeys } }] : []),
      ...(subject.personIds.length > 0 ? [{ _id: { $in: [...subject.personIds] } }] : []),
    ];
    const persons: PersonDocument[] = [];
    for (const filter of or) persons.push(...(await people.find(filter).toArray()));
    const interactions = sdrInteractionsCollection(this.db);
    const byPerson =
      persons.length === 0 ? [] : await interactions.find({ personId: { $in: persons.map((p) => p._id) } }).toArray();
    const byPhone = phoneKeys.length === 0 ? [] : await interactions.find({ phoneKey: { $in: phoneKeys } }).toArray();
    const found = [...byPerson, ...byPhone];
    return {
      cpfs: withFound(
        subject.cpfs,
        persons.map((p) => p.cpf),
      ),
      phones: withFound(
        subject.phones,
        persons
          .flatMap((p) => [p.mobile, p.residentialPhone, p.commercialPhone, p.optionalPhone])
          .concat(found.map((i) => i.phone)),
      ),
      emails: withFound(subject.emails, emailKeysOf(persons.flatMap((p) => [p.personalEmail, p.commercialEmail]))),
      personIds: withFound(subject.personIds, [...persons.map((p) => p._id), ...found.map((i) => i.personId)]),
      names: withFound(
        subject.names,
        persons.map((p) => (p.erasedAt === undefined ? p.fullName : null)),
      ),
      sessionIds: withFound(
        subject.sessionIds,
        found.map((i) => i.sessionId),
      ),
    };
  }
}

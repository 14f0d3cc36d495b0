import type { Person } from '../../../domain/sales/sale';
import { normalizePhone, phoneMatchKey } from '../../../domain/shared/phone';
import { personEmailKeys, type PersonDocument } from './people-collection';

export const toPersonDocument = ({ id, ...rest }: Person): PersonDocument => ({
  _id: id,
  ...rest,
  phoneKeys: phoneKeysOf(rest),
  emailKeys: personEmailKeys.derive(rest),
});

export function toPerson(doc: PersonDocument): Person {
  return {
    id: doc._id,
    fullName: doc.fullName,
    cpf: doc.cpf,
    rg: doc.rg,
    cnh: doc.cnh,
    birthDate: doc.birthDate,
    gender: doc.gender,
    maritalStatus: doc.maritalStatus,
    personalEmail: doc.personalEmail,
    commercialEmail: doc.commercialEmail,
    residentialPhone: doc.residentialPhone,
    commercialPhone: doc.commercialPhone,
    mobile: doc.mobile,
    optionalPhone: doc.optionalPhone,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** Stored phones are canonical; normalizing again only narrows their type. */
function phoneKeysOf(
  person: Pick<Person, 'residentialPhone' | 'commercialPhone' | 'mobile' | 'optionalPhone'>,
): string[] {
  const keys = [person.residentialPhone, person.commercialPhone, person.mobile, person.optionalPhone].flatMap((raw) => {
    const phone = raw === null ? undefined : normalizePhone(raw);
    return phone === undefined ? [] : [phoneMatchKey(phone)];
  });
  return [...new Set(keys)];
}

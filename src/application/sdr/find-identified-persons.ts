import type { Person } from '../../domain/sales/sale';
import type { LeadIdentifier } from '../../domain/sdr/identifier';
import type { SdrPersonDirectory } from './ports';

/** The persons an identifier names: every person with a matching phone, or the one with the CPF. */
export async function findIdentifiedPersons(people: SdrPersonDirectory, identifier: LeadIdentifier): Promise<Person[]> {
  if (identifier.type === 'phone') return people.findByPhoneKey(identifier.matchKey);
  const person = await people.findByCpf(identifier.value);
  return person === undefined ? [] : [person];
}

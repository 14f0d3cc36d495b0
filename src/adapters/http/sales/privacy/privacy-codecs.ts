import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import type { SubjectIdentifier } from '../../../../application/shared/privacy/subject';
import { parseCpf } from '../../../../domain/shared/cpf';
import { normalizePhone } from '../../../../domain/shared/phone';
import { stringWith } from '../../shared/openapi/json-schema';
import { decodeQueryInput, invalidInput } from '../decode-input';

const ONE = 'exactly one of cpf, phone and email';

/** GET /privacy/subjects and /privacy/subjects/export query (CONTRACT 12.2). */
export const SubjectQuery = t.partial({
  cpf: stringWith('cpf', { description: `A CPF, any punctuation, check digits valid (${ONE})` }),
  phone: stringWith('phone', { description: `A Brazilian phone, any spelling (${ONE})` }),
  email: stringWith('email', { description: `An e-mail address (${ONE})` }),
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Exactly one identifier, well formed: 400 with the rule in words otherwise. */
export function decodeSubjectQuery(query: Record<string, unknown>): SubjectIdentifier {
  const { cpf, phone, email } = decodeQueryInput(SubjectQuery, query, 'refuse');
  const given = [cpf, phone, email].filter((value) => value !== undefined);
  if (given.length !== 1) throw invalidInput([`${ONE} is required`]);
  if (cpf !== undefined) {
    const parsed = parseCpf(cpf);
    if (E.isLeft(parsed)) throw invalidInput(['cpf must be a valid CPF (11 digits, check digits)']);
    return { kind: 'cpf', value: parsed.right };
  }
  if (phone !== undefined) {
    const canonical = normalizePhone(phone);
    if (canonical === undefined) throw invalidInput(['phone must be a Brazilian phone number (DDD and number)']);
    return { kind: 'phone', value: canonical };
  }
  const address = (email ?? '').trim().toLowerCase();
  if (!EMAIL.test(address) || address.length > 254) throw invalidInput(['email must be an e-mail address']);
  return { kind: 'email', value: address };
}

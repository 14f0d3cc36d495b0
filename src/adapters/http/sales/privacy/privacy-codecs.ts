import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { parseSubjectIdentifier } from '../../../../application/privacy/parse-identifier';
import type { SubjectIdentifier } from '../../../../application/shared/privacy/subject';
import { stringWith } from '../../shared/openapi/json-schema';
import { decodeQueryInput, invalidInput } from '../decode-input';

const ONE = 'exactly one of cpf, phone and email';

/** GET /privacy/subjects and /privacy/subjects/export query (CONTRACT 12.2). */
export const SubjectQuery = t.partial({
  cpf: stringWith('cpf', { description: `A CPF, any punctuation, check digits valid (${ONE})` }),
  phone: stringWith('phone', { description: `A Brazilian phone, any spelling (${ONE})` }),
  email: stringWith('email', { description: `An e-mail address (${ONE})` }),
});

/** Exactly one identifier, well formed: 400 with the rule in words otherwise. */
export function decodeSubjectQuery(query: Record<string, unknown>): SubjectIdentifier {
  const parsed = parseSubjectIdentifier(decodeQueryInput(SubjectQuery, query, 'refuse'));
  if (E.isLeft(parsed)) throw invalidInput([parsed.left]);
  return parsed.right;
}

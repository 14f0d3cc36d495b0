import * as E from 'fp-ts/Either';
import { parseCpf } from '../../domain/shared/cpf';
import { emailKeyOf } from '../../domain/shared/email-key';
import { normalizePhone } from '../../domain/shared/phone';
import type { SubjectIdentifier } from '../shared/privacy/subject';

export const EXACTLY_ONE = 'exactly one of cpf, phone and email is required';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Exactly one identifier, well formed (CONTRACT 12.2); otherwise the rule broken, in words. */
export function parseSubjectIdentifier(given: {
  readonly cpf?: string;
  readonly phone?: string;
  readonly email?: string;
}): E.Either<string, SubjectIdentifier> {
  const { cpf, phone, email } = given;
  if ([cpf, phone, email].filter((value) => value !== undefined).length !== 1) return E.left(EXACTLY_ONE);
  if (cpf !== undefined) {
    const parsed = parseCpf(cpf);
    return E.isLeft(parsed)
      ? E.left('cpf must be a valid CPF (11 digits, check digits)')
      : E.right({ kind: 'cpf', value: parsed.right });
  }
  if (phone !== undefined) {
    const canonical = normalizePhone(phone);
    return canonical === undefined
      ? E.left('phone must be a Brazilian phone number (DDD and number)')
      : E.right({ kind: 'phone', value: canonical });
  }
  const address = emailKeyOf(email ?? '');
  return EMAIL.test(address) && address.length <= 254
    ? E.right({ kind: 'email', value: address })
    : E.left('email must be an e-mail address');
}

import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { parseCpf } from '../../../../domain/shared/cpf';
import { normalizePhone } from '../../../../domain/shared/phone';
import type { RequestErasureInput } from '../../../../application/privacy/request-erasure';
import type { SubjectIdentifier } from '../../../../application/shared/privacy/subject';
import { boundedText, EmailText, ShortText } from '../../shared/decoding/codecs';
import { unknownKeyMessages } from '../../shared/decoding/strict-keys';
import { invalidInput, requireJsonObject, validationMessagesOf } from '../decode-input';

const IDENTIFIERS = ['cpf', 'phone', 'email'] as const;

/** POST /privacy/erasures (CONTRACT 12.2): exactly one identifier, a reason of 1 to 500 characters; strict. */
export const ErasureBody = t.exact(
  t.intersection([
    t.type({ reason: boundedText({ maxLength: 500, nonBlank: true }) }),
    t.partial({ cpf: ShortText, phone: ShortText, email: EmailText }),
  ]),
);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function identifierOf(body: t.TypeOf<typeof ErasureBody>): E.Either<string, SubjectIdentifier> {
  const given = IDENTIFIERS.filter((kind) => body[kind] !== undefined);
  if (given.length !== 1) return E.left('exactly one of cpf, phone and email must be given');
  const kind = given[0] ?? 'cpf';
  const raw = body[kind] ?? '';
  if (kind === 'cpf') {
    const cpf = parseCpf(raw);
    return E.isLeft(cpf)
      ? E.left('cpf must be a valid CPF (11 digits, check digits valid)')
      : E.right({ kind, value: cpf.right });
  }
  if (kind === 'phone') {
    const phone = normalizePhone(raw);
    return phone === undefined
      ? E.left('phone must be a valid Brazilian phone number')
      : E.right({ kind, value: phone });
  }
  const email = raw.trim().toLowerCase();
  return EMAIL.test(email) ? E.right({ kind, value: email }) : E.left('email must be a valid e-mail address');
}

/** The body, or the 400 of spec part 7 with every rule it breaks, in words. */
export function decodeErasureBody(input: unknown): RequestErasureInput {
  const raw = requireJsonObject(input, 'body');
  const decoded = ErasureBody.decode(raw);
  const problems = [
    ...unknownKeyMessages(raw, ['reason', ...IDENTIFIERS]),
    ...(E.isLeft(decoded) ? validationMessagesOf(decoded.left) : []),
  ];
  const identifier = E.isRight(decoded) ? identifierOf(decoded.right) : undefined;
  if (identifier !== undefined && E.isLeft(identifier)) problems.push(identifier.left);
  if (problems.length > 0 || identifier === undefined || E.isLeft(identifier) || E.isLeft(decoded))
    throw invalidInput(problems);
  return { identifier: identifier.right, reason: decoded.right.reason.trim() };
}

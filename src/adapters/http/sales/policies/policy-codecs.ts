import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { boundedText, dateOnly, oneOf, parsedString, ShortText, TEXT_LIMITS } from '../../shared/decoding/codecs';
import { integerIn, matching, nullableMatching } from '../../shared/decoding/rule-codecs';
import { WIRE_PATTERNS } from '../../../../domain/shared/parsers';
import { stringWith, withKeywords, withSchema } from '../../shared/openapi/json-schema';
import type { FindPoliciesInput } from '../../../../application/policies/find-policies';
import type { PolicyListFilter } from '../../../../application/policies/ports';
import {
  MAX_INSURER_LENGTH,
  POLICY_CREATION_STATUSES,
  POLICY_NUMBER,
  POLICY_PRODUCTS,
  POLICY_STATUSES,
  validatePolicyDraft,
  type PolicyDraft,
  type PolicyStatus,
} from '../../../../domain/policies/policy';
import { CPF_SHAPE, parseCpf, type Cpf } from '../../../../domain/shared/cpf';
import { decodeQueryInput, invalidInput, requireJsonObject, validationMessagesOf } from '../decode-input';
import { PageQuery } from '../../shared/decoding/page-query';
import { unknownKeyMessages } from '../../shared/decoding/strict-keys';
import { characterCount } from '../../../../domain/shared/text';
import { POLICY_TERMS } from '../../../../domain/policies/policy-terms';

/** A string of at most `maxLength` characters or null, with one message when it is neither. */
const nullableText = (maxLength: number) =>
  withSchema(
    new t.Type<string | null, string | null>(
      'a string or null',
      (u): u is string | null => u === null || typeof u === 'string',
      (u, c) => {
        if (u !== null && typeof u !== 'string') return t.failure(u, c, 'must be a string or null');
        return u === null || characterCount(u) <= maxLength
          ? t.success(u)
          : t.failure(u, c, `must be at most ${maxLength} characters`);
      },
      t.identity,
    ),
    { type: ['string', 'null'], maxLength },
  );
const NullableShortText = nullableText(TEXT_LIMITS.short);

/** A creation body names the policy's terms and nothing else (CONTRACT 8.6). */
const CREATION_FIELDS = POLICY_TERMS;

/** The wire types of the creation body, what the domain rule (validatePolicyDraft) reads. */
const PolicyCreationWire = t.intersection([
  t.type({
    policyNumber: ShortText,
    cpf: ShortText,
    insurer: ShortText,
    product: ShortText,
    premiumCents: t.number,
    startDate: ShortText,
    endDate: ShortText,
  }),
  t.partial({ saleId: NullableShortText, status: ShortText, vehiclePlate: NullableShortText }),
]);

/** A plate with a hyphen or spaces anywhere, any case: 3 letters, a digit, a letter or digit, 2 digits. */
const PLATE_SHAPE = /^[-\s]*([A-Za-z][-\s]*){3}[0-9][-\s]*[A-Za-z0-9][-\s]*([0-9][-\s]*){2}$/;

/**
 * POST /api/policies body with every rule of the domain a JSON Schema can state (CONTRACT 11.4), in
 * the domain's words; what it cannot (check digits, endDate after startDate) is in the descriptions.
 */
export const PolicyCreationBody = withKeywords(
  t.intersection([
    t.type({
      policyNumber: matching({
        pattern: new RegExp(`^\\s*${POLICY_NUMBER.source.slice(1, -1)}\\s*$`),
        message: 'must be 1 to 40 characters of A-Z, 0-9, -, / and .',
        description: 'Upper case; trimmed',
      }),
      cpf: matching({
        pattern: CPF_SHAPE,
        message: 'must be a valid CPF (11 digits, check digits)',
        description: '11 digits with valid check digits; dots, hyphens and spaces allowed',
      }),
      insurer: matching({
        pattern: /\S/,
        maxLength: MAX_INSURER_LENGTH,
        message: `must be 1 to ${MAX_INSURER_LENGTH} characters`,
        description: 'Trimmed',
      }),
      product: oneOf(POLICY_PRODUCTS),
      premiumCents: integerIn({ min: 0, max: Number.MAX_SAFE_INTEGER }, 'must be an integer >= 0'),
      startDate: dateOnly('must be a date YYYY-MM-DD'),
      endDate: withSchema(dateOnly('must be a date YYYY-MM-DD'), {
        type: 'string',
        format: 'date',
        description: 'After startDate',
      }),
    }),
    t.partial({
      saleId: nullableMatching({ pattern: new RegExp(WIRE_PATTERNS.uuid), message: 'must be a UUID or null' }),
      status: oneOf(POLICY_CREATION_STATUSES),
      vehiclePlate: nullableMatching({
        pattern: PLATE_SHAPE,
        message: 'must be a Brazilian plate (ABC1234 or Mercosul ABC1D23)',
        description: 'ABC1234 or Mercosul ABC1D23, a hyphen or spaces allowed, any case; required for an auto policy',
      }),
    }),
  ]),
  {
    if: { properties: { product: { const: 'auto' } }, required: ['product'] },
    // A JSON Schema keyword, not a promise: the object is never awaited.
    // oxlint-disable-next-line no-thenable
    then: { properties: { vehiclePlate: { type: 'string' } }, required: ['vehiclePlate'] },
  },
);

/**
 * POST /api/policies (CONTRACT 8.6): every field of a policy but id, personId, createdAt, updatedAt
 * and history; status optional (pending); saleId and vehiclePlate may be left out (null). One
 * message per broken rule, unknown keys included: the body's codec and the domain rule say the same
 * words for the same problem, and the domain also judges the fields together (dates, plate of auto).
 */
export function decodePolicyCreation(input: unknown): PolicyDraft {
  const raw = requireJsonObject(input, 'body');
  const ruled = PolicyCreationBody.decode(raw);
  const wire = PolicyCreationWire.decode(raw);
  const unknown = unknownKeyMessages(raw, CREATION_FIELDS);
  const body = E.isRight(wire) ? wire.right : undefined;
  const draft =
    body === undefined
      ? undefined
      : validatePolicyDraft({
          policyNumber: body.policyNumber,
          cpf: body.cpf,
          saleId: body.saleId ?? null,
          insurer: body.insurer,
          product: body.product,
          status: body.status ?? null,
          premiumCents: body.premiumCents,
          startDate: body.startDate,
          endDate: body.endDate,
          vehiclePlate: body.vehiclePlate ?? null,
        });
  const problems = [
    ...unknown,
    ...(E.isLeft(ruled) ? validationMessagesOf(ruled.left) : []),
    ...(draft !== undefined && E.isLeft(draft) ? draft.left : []),
  ];
  if (problems.length > 0 || draft === undefined || E.isLeft(draft)) throw invalidInput([...new Set(problems)]);
  return draft.right;
}

export const MAX_STATUS_REASON = 500;

export const PolicyStatusChangeBody = t.intersection([
  t.type({ status: oneOf(POLICY_STATUSES) }),
  t.partial({ reason: nullableText(MAX_STATUS_REASON) }),
]);

/** PATCH /api/policies/{id}/status `{status, reason?}`. */
export function decodePolicyStatusChange(input: unknown): { status: PolicyStatus; reason: string | null } {
  const raw = requireJsonObject(input, 'body');
  const decoded = PolicyStatusChangeBody.decode(raw);
  const problems = [
    ...unknownKeyMessages(raw, ['status', 'reason']),
    ...(E.isLeft(decoded) ? validationMessagesOf(decoded.left) : []),
  ];
  const reason = E.isRight(decoded) ? (decoded.right.reason?.trim() ?? null) : null;
  if (problems.length > 0 || E.isLeft(decoded)) throw invalidInput(problems);
  return { status: decoded.right.status, reason: reason === '' ? null : reason };
}

/** GET /policy query (CONTRACT 8.6). */
export const PolicyLookupQuery = t.partial({
  cpf: stringWith('cpf', { description: 'A CPF, any punctuation (exactly one of cpf and policyNumber)' }),
  policyNumber: stringWith('policyNumber', { description: 'A policy number (exactly one of cpf and policyNumber)' }),
});

/** GET /policy: exactly one of `cpf` and `policyNumber` (CONTRACT 8.6). */
export function decodePolicyLookup(query: Record<string, unknown>): FindPoliciesInput {
  const { cpf, policyNumber } = decodeQueryInput(PolicyLookupQuery, query, 'refuse');
  if ((cpf === undefined) === (policyNumber === undefined))
    throw invalidInput(['exactly one of cpf or policyNumber is required']);
  if (cpf !== undefined) {
    const parsed = parseCpf(cpf);
    if (E.isLeft(parsed)) throw invalidInput(['cpf must be a valid CPF (11 digits, check digits)']);
    return { cpf: parsed.right };
  }
  const number = (policyNumber ?? '').trim();
  if (number === '') throw invalidInput(['policyNumber must not be empty']);
  return { policyNumber: number };
}

/** A CPF in any punctuation, decoded to its 11 digits. */
const CpfParameter = parsedString(
  'a CPF',
  (raw): Cpf | undefined => E.getOrElseW(() => undefined)(parseCpf(raw)),
  'must be a valid CPF (11 digits, check digits)',
  String,
  { type: 'string', description: "The customer's CPF, any punctuation" },
);

/** GET /api/policies query: the filters of CONTRACT 8.6 and the page. */
export const PolicyListQuery = t.intersection([
  PageQuery,
  t.partial({
    status: oneOf(POLICY_STATUSES),
    product: oneOf(POLICY_PRODUCTS),
    insurer: boundedText({
      maxLength: TEXT_LIMITS.short,
      nonBlank: true,
      description: 'The insurer, exactly (any case)',
    }),
    cpf: CpfParameter,
    expiringBefore: withSchema(dateOnly('must be a date YYYY-MM-DD'), {
      type: 'string',
      format: 'date',
      description: 'Policies ending before this date (YYYY-MM-DD)',
    }),
  }),
]);

/** GET /api/policies: the filters of CONTRACT 8.6 and the page. */
export function decodePolicyListQuery(query: Record<string, unknown>): {
  filter: PolicyListFilter;
  page: number;
  limit: number;
} {
  const q = decodeQueryInput(PolicyListQuery, query, 'refuse');
  const filter: PolicyListFilter = {
    ...(q.status === undefined ? {} : { status: q.status }),
    ...(q.product === undefined ? {} : { product: q.product }),
    ...(q.insurer === undefined ? {} : { insurer: q.insurer.trim() }),
    ...(q.cpf === undefined ? {} : { cpf: q.cpf }),
    ...(q.expiringBefore === undefined ? {} : { expiringBefore: q.expiringBefore }),
  };
  return { filter, page: q.page, limit: q.limit };
}

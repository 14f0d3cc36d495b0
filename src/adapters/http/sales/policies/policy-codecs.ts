import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { boundedText, dateOnly, oneOf, parsedString, ShortText, TEXT_LIMITS } from '../../shared/codecs';
import { stringWith, withSchema } from '../../shared/openapi/json-schema';
import type { FindPoliciesInput } from '../../../../application/policies/find-policies';
import type { PolicyListFilter } from '../../../../application/policies/ports';
import {
  POLICY_PRODUCTS,
  POLICY_STATUSES,
  validatePolicyDraft,
  type PolicyDraft,
  type PolicyStatus,
} from '../../../../domain/policies/policy';
import { parseCpf, type Cpf } from '../../../../domain/shared/cpf';
import { decodeQueryInput, invalidInput, requireJsonObject, validationMessagesOf } from '../decode-input';
import { PageQuery } from '../../shared/page-query';
import { unknownKeyMessages } from '../../shared/strict-keys';
import { characterCount } from '../../../../domain/shared/text';

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

const CREATION_FIELDS = [
  'policyNumber',
  'cpf',
  'saleId',
  'insurer',
  'product',
  'status',
  'premiumCents',
  'startDate',
  'endDate',
  'vehiclePlate',
] as const;

/** The wire types of the creation body; the value rules are the domain's (validatePolicyDraft). */
export const PolicyCreationBody = t.intersection([
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

/**
 * POST /api/policies (CONTRACT 8.6): every field of a policy but id, personId, createdAt, updatedAt
 * and history; status optional (pending); saleId and vehiclePlate may be left out (null). One
 * message per broken rule, unknown keys included.
 */
export function decodePolicyCreation(input: unknown): PolicyDraft {
  const raw = requireJsonObject(input, 'body');
  const decoded = PolicyCreationBody.decode(raw);
  const unknown = unknownKeyMessages(raw, CREATION_FIELDS);
  if (E.isLeft(decoded)) throw invalidInput([...new Set([...unknown, ...validationMessagesOf(decoded.left)])]);
  const body = decoded.right;
  const draft = validatePolicyDraft({
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
  const problems = [...unknown, ...(E.isLeft(draft) ? draft.left : [])];
  if (problems.length > 0 || E.isLeft(draft)) throw invalidInput(problems);
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

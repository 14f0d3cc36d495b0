import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { oneOf, singleQueryValue } from '../../shared/codecs';
import { withSchema } from '../../shared/openapi/json-schema';
import type { FindPoliciesInput } from '../../../../application/policies/find-policies';
import type { PolicyListFilter } from '../../../../application/policies/ports';
import {
  parseIsoDate,
  POLICY_PRODUCTS,
  POLICY_STATUSES,
  validatePolicyDraft,
  type PolicyDraft,
  type PolicyProduct,
  type PolicyStatus,
} from '../../../../domain/policies/policy';
import { parseCpf } from '../../../../domain/shared/cpf';
import { invalidInput, requireJsonObject, validationMessagesOf } from '../decode-input';
import { PageQuery } from '../../shared/page-query';
import { unknownKeyMessages } from '../../shared/strict-keys';

/** A string or null, with one message when it is neither. */
const NullableString = withSchema(
  new t.Type<string | null, string | null, unknown>(
    'a string or null',
    (u): u is string | null => u === null || typeof u === 'string',
    (u, c) => (u === null || typeof u === 'string' ? t.success(u) : t.failure(u, c, 'must be a string or null')),
    t.identity,
  ),
  { type: ['string', 'null'] },
);

const CREATION_FIELDS = ['policyNumber', 'cpf', 'saleId', 'insurer', 'product', 'status', 'premiumCents', 'startDate', 'endDate', 'vehiclePlate'] as const;

/** The wire types of the creation body; the value rules are the domain's (validatePolicyDraft). */
export const PolicyCreationBody = t.intersection([
  t.type({ policyNumber: t.string, cpf: t.string, insurer: t.string, product: t.string, premiumCents: t.number, startDate: t.string, endDate: t.string }),
  t.partial({ saleId: NullableString, status: t.string, vehiclePlate: NullableString }),
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

export const PolicyStatusChangeBody = t.intersection([t.type({ status: oneOf(POLICY_STATUSES) }), t.partial({ reason: NullableString })]);

/** PATCH /api/policies/{id}/status `{status, reason?}`. */
export function decodePolicyStatusChange(input: unknown): { status: PolicyStatus; reason: string | null } {
  const raw = requireJsonObject(input, 'body');
  const decoded = PolicyStatusChangeBody.decode(raw);
  const problems = [...unknownKeyMessages(raw, ['status', 'reason']), ...(E.isLeft(decoded) ? validationMessagesOf(decoded.left) : [])];
  const reason = E.isRight(decoded) ? (decoded.right.reason?.trim() ?? null) : null;
  if (reason !== null && [...reason].length > MAX_STATUS_REASON) problems.push(`reason must be at most ${MAX_STATUS_REASON} characters`);
  if (problems.length > 0 || E.isLeft(decoded)) throw invalidInput(problems);
  return { status: decoded.right.status, reason: reason === '' ? null : reason };
}

/** GET /policy: exactly one of `cpf` and `policyNumber` (CONTRACT 8.6). */
export function decodePolicyLookup(query: Record<string, unknown>): FindPoliciesInput {
  const problems: string[] = [];
  const cpf = singleQueryValue(query.cpf, 'cpf', problems);
  const policyNumber = singleQueryValue(query.policyNumber, 'policyNumber', problems);
  if (problems.length > 0) throw invalidInput(problems);
  if ((cpf === undefined) === (policyNumber === undefined)) throw invalidInput(['exactly one of cpf or policyNumber is required']);
  if (cpf !== undefined) {
    const parsed = parseCpf(cpf);
    if (E.isLeft(parsed)) throw invalidInput(['cpf must be a valid CPF (11 digits, check digits)']);
    return { cpf: parsed.right };
  }
  const number = (policyNumber ?? '').trim();
  if (number === '') throw invalidInput(['policyNumber must not be empty']);
  return { policyNumber: number };
}

/** GET /api/policies: the filters of CONTRACT 8.6 and the page. */
export function decodePolicyListQuery(query: Record<string, unknown>): { filter: PolicyListFilter; page: number; limit: number } {
  const problems: string[] = [];
  const pageQuery = PageQuery.decode({ page: query.page, limit: query.limit });
  if (E.isLeft(pageQuery)) problems.push(...validationMessagesOf(pageQuery.left));
  const status = singleQueryValue(query.status, 'status', problems);
  const product = singleQueryValue(query.product, 'product', problems);
  const insurer = singleQueryValue(query.insurer, 'insurer', problems);
  const cpf = singleQueryValue(query.cpf, 'cpf', problems);
  const expiringBefore = singleQueryValue(query.expiringBefore, 'expiringBefore', problems);
  if (status !== undefined && !(POLICY_STATUSES as readonly string[]).includes(status)) problems.push(`status must be one of ${POLICY_STATUSES.join(', ')}`);
  if (product !== undefined && !(POLICY_PRODUCTS as readonly string[]).includes(product)) problems.push(`product must be one of ${POLICY_PRODUCTS.join(', ')}`);
  if (insurer !== undefined && insurer.trim() === '') problems.push('insurer must not be empty');
  const parsedCpf = cpf === undefined ? undefined : parseCpf(cpf);
  if (parsedCpf !== undefined && E.isLeft(parsedCpf)) problems.push('cpf must be a valid CPF (11 digits, check digits)');
  if (expiringBefore !== undefined && parseIsoDate(expiringBefore) === undefined) problems.push('expiringBefore must be a date YYYY-MM-DD');
  if (problems.length > 0 || E.isLeft(pageQuery)) throw invalidInput(problems);
  const filter: PolicyListFilter = {
    ...(status === undefined ? {} : { status: status as PolicyStatus }),
    ...(product === undefined ? {} : { product: product as PolicyProduct }),
    ...(insurer === undefined ? {} : { insurer: insurer.trim() }),
    ...(parsedCpf === undefined || E.isLeft(parsedCpf) ? {} : { cpf: parsedCpf.right }),
    ...(expiringBefore === undefined ? {} : { expiringBefore }),
  };
  return { filter, page: pageQuery.right.page, limit: pageQuery.right.limit };
}

import * as E from 'fp-ts/Either';
import { parseCpf, type Cpf } from '../shared/cpf';
import { isOneOf, isUuid, parseDateOnly } from '../shared/parsers';
import { characterCount } from '../shared/text';

/** CONTRACT 8.6. */
export const POLICY_PRODUCTS = ['auto', 'life', 'home', 'travel', 'other'] as const;
export type PolicyProduct = (typeof POLICY_PRODUCTS)[number];

export const POLICY_STATUSES = ['pending', 'active', 'cancelled', 'expired'] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

/** A new policy starts pending, or active when it arrives already in force. */
export const POLICY_CREATION_STATUSES = ['pending', 'active'] as const satisfies readonly PolicyStatus[];
export type PolicyCreationStatus = (typeof POLICY_CREATION_STATUSES)[number];

/** A calendar date, `YYYY-MM-DD`. */
export type IsoDate = string & { readonly __brand: 'IsoDate' };

export interface PolicyStatusChange {
  readonly from: PolicyStatus;
  readonly to: PolicyStatus;
  readonly at: Date;
  readonly userId: string;
  readonly reason: string | null;
}

/** What a creation (HTTP body or CSV row) carries, validated. */
export interface PolicyDraft {
  readonly policyNumber: string;
  readonly cpf: Cpf;
  readonly saleId: string | null;
  readonly insurer: string;
  readonly product: PolicyProduct;
  readonly status: PolicyCreationStatus;
  readonly premiumCents: number;
  readonly startDate: IsoDate;
  readonly endDate: IsoDate;
  /** Upper-case, no hyphen. */
  readonly vehiclePlate: string | null;
}

export interface Policy extends Omit<PolicyDraft, 'status'> {
  readonly id: string;
  readonly status: PolicyStatus;
  readonly history: readonly PolicyStatusChange[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** The creation fields as they arrive: typed by the codec (HTTP) or read from text cells (CSV). */
export interface PolicyDraftInput {
  readonly policyNumber: string;
  readonly cpf: string;
  readonly saleId: string | null;
  readonly insurer: string;
  readonly product: string;
  readonly status: string | null;
  readonly premiumCents: number;
  readonly startDate: string;
  readonly endDate: string;
  readonly vehiclePlate: string | null;
}

export const MAX_INSURER_LENGTH = 100;
export const POLICY_NUMBER = /^[A-Z0-9\-/.]{1,40}$/;
/** Old Brazilian plates `ABC1234` (`ABC-1234`) and Mercosul `ABC1D23`. */
const OLD_PLATE = /^[A-Z]{3}[0-9]{4}$/;
const MERCOSUL_PLATE = /^[A-Z]{3}[0-9][A-Z][0-9]{2}$/;

/** `YYYY-MM-DD` naming a real day of the Gregorian calendar. */
export function parseIsoDate(input: string): IsoDate | undefined {
  return parseDateOnly(input) === undefined ? undefined : (input as IsoDate);
}

/** Upper-case without the hyphen or spaces; undefined unless an old or a Mercosul plate. */
export function normalizePlate(input: string): string | undefined {
  const plate = input.trim().toUpperCase().replace(/[-\s]/g, '');
  return OLD_PLATE.test(plate) || MERCOSUL_PLATE.test(plate) ? plate : undefined;
}

/** A broken rule of a creation, with the field it is about. */
export interface PolicyDraftProblem {
  readonly field: keyof PolicyDraftInput;
  readonly message: string;
}

/**
 * Every rule of CONTRACT 8.6 on a creation, one message per broken rule (all of them, not the first).
 * Text is trimmed; the plate is normalized; the status defaults to pending.
 */
export function validatePolicyDraft(input: PolicyDraftInput): E.Either<readonly string[], PolicyDraft> {
  const validated = checkPolicyDraft(input);
  return E.isLeft(validated) ? E.left(validated.left.map((problem) => problem.message)) : validated;
}

/** `validatePolicyDraft`, each problem with its field (an import drops those of a field it found missing). */
export function checkPolicyDraft(input: PolicyDraftInput): E.Either<readonly PolicyDraftProblem[], PolicyDraft> {
  const problems: PolicyDraftProblem[] = [];
  const fail = (field: keyof PolicyDraftInput, message: string): void => void problems.push({ field, message });
  const policyNumber = input.policyNumber.trim();
  if (!POLICY_NUMBER.test(policyNumber))
    fail('policyNumber', 'policyNumber must be 1 to 40 characters of A-Z, 0-9, -, / and .');
  const cpf = parseCpf(input.cpf);
  if (E.isLeft(cpf)) fail('cpf', 'cpf must be a valid CPF (11 digits, check digits)');
  const saleId = input.saleId === null ? null : input.saleId.trim().toLowerCase();
  if (saleId !== null && !isUuid(saleId)) fail('saleId', 'saleId must be a UUID or null');
  const insurer = input.insurer.trim();
  if (insurer === '' || characterCount(insurer) > MAX_INSURER_LENGTH)
    fail('insurer', `insurer must be 1 to ${MAX_INSURER_LENGTH} characters`);
  const product = input.product;
  if (!isOneOf(POLICY_PRODUCTS, product)) fail('product', `product must be one of ${POLICY_PRODUCTS.join(', ')}`);
  const status = input.status ?? 'pending';
  if (!isOneOf(POLICY_CREATION_STATUSES, status))
    fail('status', `status must be one of ${POLICY_CREATION_STATUSES.join(', ')}`);
  if (!Number.isSafeInteger(input.premiumCents) || input.premiumCents < 0)
    fail('premiumCents', 'premiumCents must be an integer >= 0');
  const { startDate, endDate, vehiclePlate } = checkTerm(input, product, fail);
  if (
    problems.length > 0 ||
    E.isLeft(cpf) ||
    !isOneOf(POLICY_PRODUCTS, product) ||
    !isOneOf(POLICY_CREATION_STATUSES, status) ||
    startDate === undefined ||
    endDate === undefined ||
    vehiclePlate === undefined
  ) {
    return E.left(problems);
  }
  return E.right({
    policyNumber,
    cpf: cpf.right,
    saleId,
    insurer,
    product,
    status,
    premiumCents: input.premiumCents,
    startDate,
    endDate,
    vehiclePlate,
  });
}

/** The period and the plate of a draft; problems go to `fail`. */
function checkTerm(
  input: PolicyDraftInput,
  product: string,
  fail: (field: keyof PolicyDraftInput, message: string) => void,
): { startDate: IsoDate | undefined; endDate: IsoDate | undefined; vehiclePlate: string | null | undefined } {
  const startDate = parseIsoDate(input.startDate);
  if (startDate === undefined) fail('startDate', 'startDate must be a date YYYY-MM-DD');
  const endDate = parseIsoDate(input.endDate);
  if (endDate === undefined) fail('endDate', 'endDate must be a date YYYY-MM-DD');
  if (startDate !== undefined && endDate !== undefined && endDate <= startDate)
    fail('endDate', 'endDate must be after startDate');
  const vehiclePlate = input.vehiclePlate === null ? null : normalizePlate(input.vehiclePlate);
  if (vehiclePlate === undefined)
    fail('vehiclePlate', 'vehiclePlate must be a Brazilian plate (ABC1234 or Mercosul ABC1D23)');
  else if (vehiclePlate === null && product === 'auto')
    fail('vehiclePlate', 'vehiclePlate is required for an auto policy');
  return { startDate, endDate, vehiclePlate };
}

/** CONTRACT 8.6: the only moves; cancelled and expired are final, and no status moves to itself. */
const ALLOWED_TRANSITIONS: Readonly<Record<PolicyStatus, readonly PolicyStatus[]>> = {
  pending: ['active', 'cancelled'],
  active: ['cancelled', 'expired'],
  cancelled: [],
  expired: [],
};

export type InvalidPolicyStatusTransition = {
  readonly _tag: 'InvalidPolicyStatusTransition';
  readonly from: PolicyStatus;
  readonly to: PolicyStatus;
};

export function canTransition(from: PolicyStatus, to: PolicyStatus): boolean {
  return ALLOWED_TRANSITIONS[from].includes(to);
}

/** The policy after the move, with the move appended to its history; Left for any move the machine forbids. */
export function transitionPolicy(
  policy: Policy,
  change: { readonly to: PolicyStatus; readonly at: Date; readonly userId: string; readonly reason: string | null },
): E.Either<InvalidPolicyStatusTransition, Policy> {
  if (!canTransition(policy.status, change.to))
    return E.left({ _tag: 'InvalidPolicyStatusTransition', from: policy.status, to: change.to });
  const entry: PolicyStatusChange = {
    from: policy.status,
    to: change.to,
    at: change.at,
    userId: change.userId,
    reason: change.reason,
  };
  return E.right({ ...policy, status: change.to, history: [...policy.history, entry], updatedAt: change.at });
}

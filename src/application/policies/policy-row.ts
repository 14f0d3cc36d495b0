import * as E from 'fp-ts/Either';
import { checkPolicyDraft, type PolicyDraft, type PolicyDraftInput } from '../../domain/policies/policy';
import { parseInteger } from '../../domain/shared/parsers';

/** CONTRACT 8.6 `import-policies`: the columns name the creation-body fields; these must be there. */
export const REQUIRED_COLUMNS = [
  'policyNumber',
  'cpf',
  'insurer',
  'product',
  'premiumCents',
  'startDate',
  'endDate',
] as const;
export const OPTIONAL_COLUMNS = ['saleId', 'status', 'vehiclePlate'] as const;
export type PolicyColumn = (typeof REQUIRED_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number];

/** One imported row: its cells by column, trimmed; an empty cell is null (CONTRACT 8.6). */
export type PolicyRow = { readonly [C in PolicyColumn]: string | null };

/**
 * A row to a validated draft, or every problem of it: a missing required cell is said once ("x is
 * required"), not also as the rule its absence breaks.
 */
export function policyDraftOfRow(row: PolicyRow): E.Either<readonly string[], PolicyDraft> {
  const missing = REQUIRED_COLUMNS.filter((column) => row[column] === null);
  const text = (column: PolicyColumn): string => row[column] ?? '';
  const premium = text('premiumCents');
  const input: PolicyDraftInput = {
    policyNumber: text('policyNumber'),
    cpf: text('cpf'),
    insurer: text('insurer'),
    product: text('product'),
    // Whole cents as digits; other text is not a number of cents, and the rule says so.
    premiumCents: parseInteger(premium, { min: 0, max: Number.MAX_SAFE_INTEGER }) ?? Number.NaN,
    startDate: text('startDate'),
    endDate: text('endDate'),
    saleId: row.saleId,
    status: row.status,
    vehiclePlate: row.vehiclePlate,
  };
  const checked = checkPolicyDraft(input);
  const rules = E.isLeft(checked)
    ? checked.left
        .filter((problem) => !(missing as readonly string[]).includes(problem.field))
        .map((problem) => problem.message)
    : [];
  const problems = [...missing.map((column) => `${column} is required`), ...rules];
  return problems.length > 0 || E.isLeft(checked) ? E.left(problems) : E.right(checked.right);
}

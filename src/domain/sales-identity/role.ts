/** Spec part 5 rule 11: admin, manager, operator; operator when no role is set. */
export const SALES_ROLES = ['admin', 'manager', 'operator'] as const;
export type SalesRole = (typeof SALES_ROLES)[number];

export function isSalesRole(value: unknown): value is SalesRole {
  return typeof value === 'string' && (SALES_ROLES as readonly string[]).includes(value);
}

/** A stored or claimed role that is missing or unknown counts as the least privileged one. */
export function roleOrOperator(value: unknown): SalesRole {
  return isSalesRole(value) ? value : 'operator';
}

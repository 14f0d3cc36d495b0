/**
 * The key an e-mail address is matched by (CONTRACT 12.1: a data subject named by an e-mail): trimmed and
 * lower-cased. Stores keep an address as it was written (the API answers it so) and keep its key beside it, so
 * a lookup by any case is one indexed equality.
 */
export const emailKeyOf = (email: string): string => email.trim().toLowerCase();

/** The keys of these addresses, each once, in their order; blanks and anything not text have none. */
export function emailKeysOf(emails: readonly unknown[]): string[] {
  const keys = emails.flatMap((email) => (typeof email === 'string' ? [emailKeyOf(email)] : []));
  return [...new Set(keys.filter((key) => key !== ''))];
}

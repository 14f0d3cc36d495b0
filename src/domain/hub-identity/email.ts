/** A hub e-mail address after the one normalization of CONTRACT 7 (trimmed, lower-cased) and the format check. */
export type Email = string & { readonly __brand: 'HubEmail' };

// Deliberately simple: one @, no spaces, a dot in the domain. Deliverability is the mail server's job.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec part 4 "Login request": normalized by lower-casing and trimming before the check and the lookup. */
export function parseEmail(raw: string): Email | undefined {
  const email = raw.trim().toLowerCase();
  return email.length <= 254 && EMAIL.test(email) ? (email as Email) : undefined;
}

/** E-mail addresses are unique case-insensitively: stored and looked up trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

// Deliberately loose (one @, a dot in the domain, no spaces): the mailbox is proven by mail, not by regex.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailShaped(email: string): boolean {
  return email.length <= 254 && EMAIL_SHAPE.test(email);
}

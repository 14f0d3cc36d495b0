/** CONTRACT 7: the hub login e-mail is trimmed and lower-cased before it is validated and looked up. */
export const normalizeEmail = (raw: string): string => raw.trim().toLowerCase();

// Deliberately simple: one @, no spaces, a dot in the domain. Deliverability is the mail server's job.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string): boolean => value.length <= 254 && EMAIL.test(value);

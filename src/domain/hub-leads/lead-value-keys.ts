import { emailToken, phoneToken } from '../shared/personal-tokens';
import { normalizePhone, phoneMatchKey } from '../shared/phone';

/** The shape of a whole value that is an e-mail address (as a privacy request's e-mail is parsed). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The personal key of one value by its shape (CONTRACT 12.1, 12.3): `phone:<DDD + last 8 digits>` when the whole
 * value is a Brazilian phone (CONTRACT 3.4, so any spelling of one number gives one key), `email:<lower case>`
 * when it is an e-mail address; nothing otherwise. A CRM card's fields are free name/value pairs (6.1): their
 * shape, not their names, says which hold a phone or an e-mail.
 */
export function valueKeyOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const phone = normalizePhone(value);
  if (phone !== undefined) return phoneToken(phoneMatchKey(phone));
  const trimmed = value.trim();
  return trimmed.length <= 254 && EMAIL.test(trimmed) ? emailToken(trimmed) : undefined;
}

/** The keys of these values, each once, in their order. */
export function valueKeysOf(values: readonly unknown[]): string[] {
  return [...new Set(values.flatMap((value) => valueKeyOf(value) ?? []))];
}

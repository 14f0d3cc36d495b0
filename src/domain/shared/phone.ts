/**
 * Brazilian phone numbers (CONTRACT 3.4 and 7): the canonical form is digits only, country code 55,
 * two-digit area code (DDD), then 9 digits for a mobile or 8 for a landline. A legacy 8-digit mobile
 * (first digit 6 to 9) gets its ninth digit, so `(11) 8765-4321` and `(11) 98765-4321` are one person.
 * 55 is also an area code (Rio Grande do Sul), so a leading 55 is taken as the country code only when
 * the digit count says so (12 or 13 digits), never stripped blindly.
 */
export type CanonicalPhone = string & { readonly __brand: 'CanonicalPhone' };

/** Area codes in use (ANATEL); anything else is not a Brazilian number. */
const AREA_CODES = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48,
  49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89,
  91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

export function normalizePhone(input: string): CanonicalPhone | undefined {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().\-/]+$/.test(trimmed)) return undefined;
  const digits = trimmed.replace(/\D/g, '');
  const national = nationalPart(digits, trimmed.startsWith('+'));
  if (national === undefined) return undefined;
  const area = Number(national.slice(0, 2));
  if (!AREA_CODES.has(area)) return undefined;
  let subscriber = national.slice(2);
  if (subscriber.length === 8 && /^[6-9]/.test(subscriber)) subscriber = `9${subscriber}`;
  const valid =
    subscriber.length === 9 ? /^9\d{8}$/.test(subscriber) : subscriber.length === 8 && /^[2-5]\d{7}$/.test(subscriber);
  return valid ? (`55${national.slice(0, 2)}${subscriber}` as CanonicalPhone) : undefined;
}

/** Strips the international prefix, the country code or the trunk/carrier prefix: DDD + subscriber. */
function nationalPart(digits: string, international: boolean): string | undefined {
  if (international) return digits.startsWith('55') ? digits.slice(2) : undefined;
  if (digits.startsWith('0055')) return digits.slice(4);
  if (digits.startsWith('0')) {
    // 0 + DDD + number (trunk prefix), or 0 + 2-digit carrier + DDD + number.
    if (digits.length === 11 || digits.length === 12) return digits.slice(1);
    if (digits.length === 13 || digits.length === 14) return digits.slice(3);
    return undefined;
  }
  if (digits.length === 10 || digits.length === 11) return digits;
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) return digits.slice(2);
  return undefined;
}

/**
 * The key two numbers of one person share whether or not the ninth digit was typed: DDD plus the last
 * 8 digits (CONTRACT 3.4).
 */
export function phoneMatchKey(phone: CanonicalPhone): string {
  return `${phone.slice(2, 4)}${phone.slice(-8)}`;
}

/**
 * The digit spellings a store may hold of a canonical phone (CONTRACT 3.4): as canonical, and a mobile
 * also without its ninth digit (WhatsApp ids of numbers registered before the ninth digit).
 */
export function phoneSpellings(phone: CanonicalPhone): string[] {
  const subscriber = phone.slice(4);
  return subscriber.length === 9 && subscriber.startsWith('9')
    ? [phone, `${phone.slice(0, 4)}${subscriber.slice(1)}`]
    : [phone];
}

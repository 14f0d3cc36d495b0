/**
 * CONTRACT 12.1: a text the logs keep (the API event log's path and messages, a log line's path and
 * reason) never names a personal value, whatever spelling the client used. Recognized by shape, in
 * plain or percent-encoded text (a path):
 * - numbers of 10 or more digits with or without separators (`+55 (11) 98765-4321`, `529.982.247-25`,
 *   a RENAVAM): phones of 12 or more digits keep their first and last four digits (`5511*****4321`),
 *   CPFs (11 digits) their first and last three (`123*****909`), 10 digits (DDD and a landline) the DDD
 *   and the last four;
 * - e-mail addresses keep their first character and their domain (`a***@example.com`);
 * - plates (`ABC1234`, `ABC-1D23`) their first letter, chassis numbers (17 letters and digits) their
 *   first three characters (the maker);
 * UUIDs (the service's identifiers) are never masked. The rest of the text is kept, and the answer to
 * the client is not masked: only what is logged.
 */
export function maskPersonalValues(text: string): string {
  if (!MAYBE_PERSONAL.test(text)) return text;
  let masked = '';
  let from = 0;
  for (const uuid of text.matchAll(UUID)) {
    masked += maskPiece(text.slice(from, uuid.index)) + uuid[0];
    from = uuid.index + uuid[0].length;
  }
  return masked + maskPiece(text.slice(from));
}

/** Free text a client typed where an identifier goes (a name): its first character only. */
export const maskFreeText = (text: string): string => `${[...text][0] ?? ''}***`;

/** Every shape below holds a digit or an `@`: most texts (and paths without one) cost one test. */
const MAYBE_PERSONAL = /[\d@]/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Characters that end an e-mail address in a message or a path. */
const NOT_IN_EMAIL = `\\s@"'<>(),;:/\\\\`;
const EMAIL = new RegExp(`[^${NOT_IN_EMAIL}]+(?:@|%40)[^${NOT_IN_EMAIL}]+\\.[^${NOT_IN_EMAIL}%]+`, 'gi');
/** A separator inside a written number: space, dot, dash, parentheses, or a percent-encoded one. */
const SEPARATOR = String.raw`(?:[\s.()\-]|%2[0-9a-f])`;
const NUMBER = new RegExp(String.raw`\d(?:${SEPARATOR}{0,2}\d)*`, 'gi');
const ALNUM_AROUND = { before: '(?<![a-z0-9])', after: '(?![a-z0-9])' };
const PLATE = new RegExp(`${ALNUM_AROUND.before}[a-z]{3}(?:-|\\s|%20)?\\d[a-z0-9]\\d{2}${ALNUM_AROUND.after}`, 'gi');
/** 17 characters of the VIN alphabet, at least one letter and one digit (a long word is not a chassis). */
const CHASSIS = new RegExp(
  `${ALNUM_AROUND.before}(?=[a-z0-9]{0,16}\\d)(?=[a-z0-9]{0,16}[a-z])[a-hj-npr-z0-9]{17}${ALNUM_AROUND.after}`,
  'gi',
);

function maskPiece(text: string): string {
  if (!MAYBE_PERSONAL.test(text)) return text;
  return text
    .replace(EMAIL, maskEmail)
    .replace(CHASSIS, (chassis) => `${chassis.slice(0, 3)}*****`)
    .replace(PLATE, (plate) => `${plate.slice(0, 1)}******`)
    .replace(NUMBER, maskNumber);
}

function maskEmail(email: string): string {
  const at = email.search(/@|%40/i);
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

function maskNumber(written: string): string {
  // A percent-encoded separator (`%20`) holds digits that are not the number's.
  const digits = written.replace(/%2[0-9a-f]/gi, '').replace(/\D/g, '');
  if (digits.length < 10) return written;
  if (digits.length === 10) return `${digits.slice(0, 2)}*****${digits.slice(-4)}`;
  if (digits.length === 11) return `${digits.slice(0, 3)}*****${digits.slice(-3)}`;
  return `${digits.slice(0, 4)}*****${digits.slice(-4)}`;
}

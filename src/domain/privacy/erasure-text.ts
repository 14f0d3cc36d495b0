import { REMOVED, type ErasureSubject } from './erasure';

const SEP = '[\\s.\\-/]*';

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A CPF written with or without its dots and dash. */
function cpfPattern(cpf: string): string {
  return [...cpf].map((digit) => escape(digit)).join('[\\s.\\-]?');
}

/**
 * A phone in any spelling CONTRACT 3.4 matches: with or without +55, the area code with or without
 * parentheses, with or without the ninth digit, separators anywhere.
 */
function phonePattern(phone: string): string {
  const ddd = phone.slice(2, 4);
  const last8 = phone.slice(-8);
  const digits = (value: string): string => [...value].join(SEP);
  return `(?:\\+?55${SEP})?(?:\\(${SEP})?${digits(ddd)}(?:${SEP}\\))?${SEP}(?:9${SEP})?${digits(last8)}`;
}

/** The subject's values in a text, each replaced by `[removido]` (CONTRACT 12.4); the rest of the text stays. */
export function redactText(text: string, subject: ErasureSubject): string {
  const patterns = [
    ...subject.cpfs.map(cpfPattern),
    ...subject.phones.map(phonePattern),
    ...subject.emails.map(escape),
    ...subject.names.filter((name) => name.trim().length >= 3).map((name) => escape(name.trim())),
  ];
  if (patterns.length === 0) return text;
  // Digits around a number belong to another number: only whole numbers are the subject's.
  const pattern = new RegExp(`(?<!\\d)(?:${patterns.join('|')})(?!\\d)`, 'giu');
  return text.replace(pattern, REMOVED);
}

/** Whether a text still holds one of the subject's values (the check-data invariant, the tests). */
export const namesSubject = (text: string, subject: ErasureSubject): boolean => redactText(text, subject) !== text;

/**
 * A data subject under the LGPD (CONTRACT 12.1): named by one identifier, then grown with every value
 * the stores link to it (a person's other phones and e-mails), so each holding can find what it keeps.
 */
export type SubjectIdentifier =
  /** 11 digits, check digits valid (CONTRACT 3.4). */
  | { readonly kind: 'cpf'; readonly value: string }
  /** Canonical digits with country code 55 (CONTRACT 3.4); stores match it by DDD + last 8 digits. */
  | { readonly kind: 'phone'; readonly value: string }
  /** Trimmed, lower case. */
  | { readonly kind: 'email'; readonly value: string };

/** Everything that names one subject. */
export interface Subject {
  readonly cpfs: readonly string[];
  /** Canonical; matching under CONTRACT 3.4 (DDD + last 8 digits) is each store's job. */
  readonly phones: readonly string[];
  readonly emails: readonly string[];
  /** Sales `people` ids (empty on the hub). */
  readonly personIds: readonly string[];
}

export const EMPTY_SUBJECT: Subject = { cpfs: [], phones: [], emails: [], personIds: [] };

export function subjectOf(id: SubjectIdentifier): Subject {
  switch (id.kind) {
    case 'cpf':
      return { ...EMPTY_SUBJECT, cpfs: [id.value] };
    case 'phone':
      return { ...EMPTY_SUBJECT, phones: [id.value] };
    case 'email':
      return { ...EMPTY_SUBJECT, emails: [id.value] };
  }
}

const union = (a: readonly string[], b: readonly string[]): readonly string[] => [...new Set([...a, ...b])];

/** `values` with the present ones of `found` added (absent and empty ones left out), first-seen order kept. */
export const withFound = (values: readonly string[], found: readonly (string | null | undefined)[]): string[] => [
  ...new Set([...values, ...found.filter((v): v is string => typeof v === 'string' && v !== '')]),
];

/** The set union of two subjects' values, first-seen order kept. */
export function mergeSubjects(a: Subject, b: Subject): Subject {
  return {
    cpfs: union(a.cpfs, b.cpfs),
    phones: union(a.phones, b.phones),
    emails: union(a.emails, b.emails),
    personIds: union(a.personIds, b.personIds),
  };
}

/** True when `b` adds nothing to `a` (the linking loop's end). */
export function sameSubject(a: Subject, b: Subject): boolean {
  return (
    a.cpfs.length === b.cpfs.length &&
    a.phones.length === b.phones.length &&
    a.emails.length === b.emails.length &&
    a.personIds.length === b.personIds.length
  );
}

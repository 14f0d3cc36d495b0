export type SubjectIdentifier =
  | { readonly kind: 'cpf'; readonly value: string }
  | { readonly kind: 'phone'; readonly value: string }
  | { readonly kind: 'email'; readonly value: string };

/** Everything that names one subject, grown from the identifier by the stores that link values. */
export interface Subject {
  readonly cpfs: readonly string[];
  readonly phones: readonly string[];
  readonly emails: readonly string[];
  readonly personIds: readonly string[];
}

export const subjectOf = (id: SubjectIdentifier): Subject => ({
  cpfs: id.kind === 'cpf' ? [id.value] : [],
  phones: id.kind === 'phone' ? [id.value] : [],
  emails: id.kind === 'email' ? [id.value] : [],
  personIds: [],
});

const union = (a: readonly string[], b: readonly string[]): string[] => [...new Set([...a, ...b])];

export const mergeSubjects = (a: Subject, b: Subject): Subject => ({
  cpfs: union(a.cpfs, b.cpfs),
  phones: union(a.phones, b.phones),
  emails: union(a.emails, b.emails),
  personIds: union(a.personIds, b.personIds),
});

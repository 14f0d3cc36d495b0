import { holdingOrder, type DeclaredHolding } from '../shared/privacy/holding';
import { mergeSubjects, sameSubject, subjectOf, type Subject, type SubjectIdentifier } from '../shared/privacy/subject';

/** Linking rounds at most: a CPF names a person, whose phone names another person, whose e-mail... */
const MAX_ROUNDS = 3;

/**
 * The subject an identifier names (CONTRACT 12.1): the identifier, grown by every store's linker
 * (a person's other phones and e-mails) until a round adds nothing, at most MAX_ROUNDS rounds so an
 * unbounded chain of shared values cannot make a lookup grow with the dataset.
 */
export async function resolveSubject(
  holdings: readonly DeclaredHolding[],
  identifier: SubjectIdentifier,
): Promise<Subject> {
  const linkers = holdingOrder(holdings).flatMap((holding) => (holding.linker === undefined ? [] : [holding.linker]));
  let subject = subjectOf(identifier);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let grown = subject;
    for (const linker of linkers) grown = mergeSubjects(grown, await linker.link(grown, undefined));
    if (sameSubject(subject, grown)) return grown;
    subject = grown;
  }
  return subject;
}

/** The subject as answered (CONTRACT 12.2): its CPF (the first linked), phones and e-mails; never person ids. */
export interface SubjectView {
  readonly cpf: string | null;
  readonly phones: readonly string[];
  readonly emails: readonly string[];
}

export const subjectView = (subject: Subject): SubjectView => ({
  cpf: subject.cpfs[0] ?? null,
  phones: subject.phones,
  emails: subject.emails,
});

import { cpfToken, emailToken, phoneToken } from '../../../domain/shared/personal-tokens';
import { phoneMatchKey, phoneSpellings, type CanonicalPhone } from '../../../domain/shared/phone';
import type { HoldingReader } from './holding';
import type { Subject } from './subject';

/** The match keys (DDD + last 8 digits, CONTRACT 3.4) of the subject's phones. */
export const phoneKeysOf = (subject: Subject): string[] => [
  ...new Set(subject.phones.map((phone) => phoneMatchKey(phone as CanonicalPhone))),
];

/** Every digit spelling of the subject's phones (with and without a mobile's ninth digit). */
export const phoneSpellingsOf = (subject: Subject): string[] => [
  ...new Set(subject.phones.flatMap((phone) => phoneSpellings(phone as CanonicalPhone))),
];

/** The personal tokens (domain/shared/personal-tokens.ts) a text naming the subject carries. */
export const personalTokensOfSubject = (subject: Subject): string[] => [
  ...subject.cpfs.map(cpfToken),
  ...phoneKeysOf(subject).map(phoneToken),
  ...subject.emails.map(emailToken),
];

/** True when the subject names nothing: every store answers nothing without a query. */
export const isEmptySubject = (subject: Subject): boolean =>
  subject.cpfs.length + subject.phones.length + subject.emails.length + subject.personIds.length === 0;

/** A reader's documents in another shape (the API's, given by the composition). */
export async function* mapped<T>(documents: AsyncIterable<T>, view: (document: T) => unknown): AsyncIterable<unknown> {
  for await (const document of documents) yield view(document);
}

/** A reader whose documents are handed out in another shape (the API's view, given by the composition). */
export function viewed<S, T>(
  reader: {
    count(subject: Subject, scope: S): Promise<number>;
    documents(subject: Subject, scope: S): AsyncIterable<T>;
  },
  view: (document: T) => unknown,
): HoldingReader<S> {
  return {
    count: (subject, scope) => reader.count(subject, scope),
    documents: (subject, scope) => mapped(reader.documents(subject, scope), view),
  };
}

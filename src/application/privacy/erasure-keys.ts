import { emailKeyOf } from '../../domain/shared/email-key';
import { phoneMatchKey, type CanonicalPhone } from '../../domain/shared/phone';
import type { ErasureSubject } from '../../domain/privacy/erasure';

/** The keys two requests for one subject share (a phone by its match key, CONTRACT 3.4): one job per subject. */
export function subjectKeysOf(subject: ErasureSubject): string[] {
  return [
    ...subject.cpfs.map((cpf) => `cpf:${cpf}`),
    ...subject.phones.map((phone) => `phone:${phoneMatchKey(phone as CanonicalPhone)}`),
    ...subject.emails.map((email) => `email:${emailKeyOf(email)}`),
  ];
}

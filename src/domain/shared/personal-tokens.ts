/**
 * The personal values a free text names (CONTRACT 12.1: an operator typing a CPF, a tool's answer
 * quoted back in an assistant chat message), as tokens stored with the text at write time, so the
 * messages that name a subject are found by one indexed `$in` instead of a scan of every text.
 * `cpf:<11 digits>`, `phone:<DDD + last 8 digits>` (CONTRACT 3.4 matching), `email:<lower case>`.
 */
import { parseCpf } from './cpf';
import { normalizePhone, phoneMatchKey } from './phone';

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** A run of digits with the punctuation CPFs and phones are written with (at most 20 characters). */
const NUMBER_RUN = /\+?\(?\d[\d\s().\-/]{8,18}\d/g;

export const cpfToken = (cpf: string): string => `cpf:${cpf}`;
export const phoneToken = (matchKey: string): string => `phone:${matchKey}`;
export const emailToken = (email: string): string => `email:${email.trim().toLowerCase()}`;

/** Every CPF, phone and e-mail the text names, as tokens, each once. */
export function personalTokensOf(text: string): string[] {
  const tokens = new Set<string>();
  for (const email of text.match(EMAIL) ?? []) tokens.add(emailToken(email));
  for (const run of text.match(NUMBER_RUN) ?? []) {
    const cpf = parseCpf(run.replace(/[\s()/+]/g, ''));
    if (cpf._tag === 'Right') tokens.add(cpfToken(cpf.right));
    const phone = normalizePhone(run);
    if (phone !== undefined) tokens.add(phoneToken(phoneMatchKey(phone)));
  }
  return [...tokens];
}

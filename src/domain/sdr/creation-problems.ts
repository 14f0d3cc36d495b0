import * as E from 'fp-ts/Either';
import { parseCpf } from '../shared/cpf';
import { normalizePhone } from '../shared/phone';
import { isWebSessionId } from './interaction';

/** What identifies a lead in a creation body (spec part 2): every problem, one message each. */
export function creationProblems(input: { phone?: string | undefined; sessionId?: string | undefined; cpf?: string | undefined }): string[] {
  const problems: string[] = [];
  if (input.phone !== undefined && normalizePhone(input.phone) === undefined) problems.push('phone must be a valid Brazilian phone number');
  if (input.sessionId !== undefined && !isWebSessionId(input.sessionId)) problems.push('session_id must be web-<uuid v4>');
  if (input.phone === undefined && input.sessionId === undefined) problems.push('phone or session_id is required');
  if (input.cpf !== undefined && E.isLeft(parseCpf(input.cpf))) problems.push('cpf must be a valid CPF');
  return problems;
}

import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import {
  boundedText,
  NonBlankText,
  NotesText,
  nullable,
  oneOf,
  ShortText,
  TEXT_LIMITS,
} from '../../shared/decoding/codecs';
import type { CreateSdrInteractionInput, LeadContact } from '../../../../application/sdr/create-sdr-interaction';
import { CPF_SHAPE, parseCpf } from '../../../../domain/shared/cpf';
import { normalizePhone } from '../../../../domain/shared/phone';
import { parseWebSessionId, SDR_CHANNELS, SDR_STATUSES, WEB_SESSION_ID } from '../../../../domain/sdr/interaction';
import { matching, requiringOneOf } from '../../shared/decoding/rule-codecs';
import { invalidInput, requireJsonObject, validationMessagesOf } from '../decode-input';

const IdentifierTypeCodec = oneOf(['phone', 'cpf'] as const);
const SdrStatusCodec = oneOf(SDR_STATUSES);

/** Spec part 4 PATCH /sdr/interactions/status; unknown keys are stripped. */
export const SdrStatusBody = t.exact(
  t.intersection([
    t.type({ identifier: NonBlankText, identifier_type: IdentifierTypeCodec, status: SdrStatusCodec }),
    t.partial({ notes: NotesText }),
  ]),
);

/** CONTRACT 3.4 GET /sdr/interactions query. */
export const SdrListQuery = t.type({ identifier: NonBlankText, identifier_type: IdentifierTypeCodec });

/** What `normalizePhone` reads: digits and separators, an optional leading `+` (its digit rules are its own). */
const PHONE_SHAPE = /^\s*\+?[\d\s().\-/]+\s*$/;

/**
 * Spec part 2 "SDR interaction (input of creation)" plus the optional person data (`phone` or `session_id` required).
 */
export const SdrCreateBody = requiringOneOf(
  t.exact(
    t.intersection([
      t.type({ channel: oneOf(SDR_CHANNELS), result: SdrStatusCodec }),
      t.partial({
        phone: matching({
          pattern: PHONE_SHAPE,
          maxLength: TEXT_LIMITS.short,
          message: 'must be a valid Brazilian phone number',
          description: 'A Brazilian phone, any spelling (+55 optional, DDD required)',
        }),
        session_id: matching({
          pattern: WEB_SESSION_ID,
          message: 'must be web-<uuid v4>',
          description: 'web-<uuid v4>',
        }),
        contact: t.boolean,
        sent: t.boolean,
        sent_to: nullable(ShortText),
        converted_to_lead: t.boolean,
        name: ShortText,
        cpf: matching({
          pattern: CPF_SHAPE,
          message: 'must be a valid CPF',
          description: '11 digits with valid check digits; dots, hyphens and spaces allowed',
        }),
        email: boundedText({ maxLength: TEXT_LIMITS.email }),
        notes: NotesText,
      }),
    ]),
  ),
  ['phone', 'session_id'],
);

/**
 * POST /sdr/interactions body: the phone, the web session id and the CPF are normalized here, once,
 * and every problem of the body (codec and identifiers) is reported in one 400 (spec part 7).
 */
export function decodeSdrCreation(input: unknown): CreateSdrInteractionInput {
  const raw = requireJsonObject(input, 'body');
  const decoded = SdrCreateBody.decode(raw);
  const phone = typeof raw.phone === 'string' ? normalizePhone(raw.phone) : undefined;
  const sessionId = typeof raw.session_id === 'string' ? parseWebSessionId(raw.session_id) : undefined;
  const cpf = typeof raw.cpf === 'string' ? parseCpf(raw.cpf) : undefined;
  const problems = E.isLeft(decoded) ? validationMessagesOf(decoded.left) : [];
  if (typeof raw.phone === 'string' && phone === undefined)
    problems.push('phone must be a valid Brazilian phone number');
  if (typeof raw.session_id === 'string' && sessionId === undefined) problems.push('session_id must be web-<uuid v4>');
  // The codec says `phone or session_id is required` when both are missing (the document's anyOf).
  if (cpf !== undefined && E.isLeft(cpf)) problems.push('cpf must be a valid CPF');
  const lead: LeadContact | undefined =
    phone !== undefined
      ? { phone, ...(sessionId === undefined ? {} : { sessionId }) }
      : sessionId === undefined
        ? undefined
        : { sessionId };
  if (problems.length > 0 || E.isLeft(decoded) || lead === undefined) throw invalidInput([...new Set(problems)]);
  const body = decoded.right;
  return {
    ...lead,
    channel: body.channel,
    result: body.result,
    ...(body.contact === undefined ? {} : { contact: body.contact }),
    ...(body.sent === undefined ? {} : { sent: body.sent }),
    ...(body.sent_to === undefined ? {} : { sentTo: body.sent_to }),
    ...(body.converted_to_lead === undefined ? {} : { convertedToLead: body.converted_to_lead }),
    ...(body.name === undefined ? {} : { name: body.name }),
    ...(cpf === undefined || E.isLeft(cpf) ? {} : { cpf: cpf.right }),
    ...(body.email === undefined ? {} : { email: body.email }),
    ...(body.notes === undefined ? {} : { notes: body.notes }),
  };
}

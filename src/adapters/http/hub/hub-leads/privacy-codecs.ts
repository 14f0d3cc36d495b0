import * as t from 'io-ts';
import type { SubjectIdentifier } from '../../../../application/shared/privacy/subject';
import { normalizePhone } from '../../../../domain/shared/phone';
import { characterCount } from '../../../../domain/shared/text';
import { HttpError } from '../../shared/errors/http-error';
import { IsoTimestamp, stringWith } from '../../shared/openapi/json-schema';
import { decodeHubQuery } from '../hub-codecs';

const ONE = 'exactly one of phone and email';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const REASON_MAX = 500;

/** GET /orgs/{orgId}/privacy/subjects and .../export (CONTRACT 12.3). */
export const HubSubjectQuery = t.partial({
  phone: stringWith('phone', { description: `A Brazilian phone, any spelling (${ONE})` }),
  email: stringWith('email', { description: `An e-mail address (${ONE})` }),
});

/** POST /orgs/{orgId}/privacy/erasures. */
export const HubErasureBody = t.exact(
  t.intersection([
    t.type({ reason: stringWith('reason', { minLength: 1, maxLength: REASON_MAX, description: 'Why (1-500)' }) }),
    t.partial({
      phone: stringWith('phone', { description: `A Brazilian phone, any spelling (${ONE})` }),
      email: stringWith('email', { description: `An e-mail address (${ONE})` }),
    }),
  ]),
);

const invalid = (field: string, message: string): HttpError =>
  new HttpError(400, 'Validation error', { details: { [field]: [message] } });

/** Exactly one identifier, well formed: 400 `{error: "Validation error", details}` with the rule in words. */
export function identifierOf(input: { readonly phone?: unknown; readonly email?: unknown }): SubjectIdentifier {
  const { phone, email } = input;
  if ((phone === undefined) === (email === undefined)) throw invalid('identifier', `${ONE} is required`);
  if (phone !== undefined) {
    const canonical = typeof phone === 'string' ? normalizePhone(phone) : undefined;
    if (canonical === undefined) throw invalid('phone', 'phone must be a Brazilian phone number (DDD and number)');
    return { kind: 'phone', value: canonical };
  }
  const address = typeof email === 'string' ? email.trim().toLowerCase() : '';
  if (!EMAIL.test(address) || address.length > 254) throw invalid('email', 'email must be an e-mail address');
  return { kind: 'email', value: address };
}

export const subjectQueryOf = (query: Readonly<Record<string, unknown>>): SubjectIdentifier =>
  identifierOf(decodeHubQuery(HubSubjectQuery, query, 'refuse'));

/** The erasure body: one identifier and a reason of 1 to 500 characters. */
export function erasureBodyOf(body: unknown): { identifier: SubjectIdentifier; reason: string } {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const unknownKeys = Object.keys(fields).filter((key) => !['phone', 'email', 'reason'].includes(key));
  if (unknownKeys.length > 0) throw invalid(unknownKeys[0] ?? 'body', 'is not a known field');
  const reason = typeof fields.reason === 'string' ? fields.reason.trim() : '';
  if (reason === '' || characterCount(reason) > REASON_MAX) {
    throw invalid('reason', `reason is required, 1 to ${REASON_MAX} characters`);
  }
  return { identifier: identifierOf(fields), reason };
}

const SubjectView = t.type({ cpf: t.union([t.string, t.null]), phones: t.array(t.string), emails: t.array(t.string) });
export const HubHoldingsView = t.type({
  subject: SubjectView,
  holdings: t.array(t.type({ store: t.string, count: t.number })),
});
export const HubExportView = t.type({
  subject: SubjectView,
  generatedAt: IsoTimestamp,
  stores: t.record(t.string, t.array(t.unknown)),
});
export const HubErasureAccepted = t.type({ id: t.string, status: t.literal('pending') });
export const HubErasureView = t.type({
  id: t.string,
  status: t.union([t.literal('pending'), t.literal('done')]),
  requestedAt: IsoTimestamp,
  doneAt: t.union([IsoTimestamp, t.null]),
  counts: t.record(t.string, t.number),
});

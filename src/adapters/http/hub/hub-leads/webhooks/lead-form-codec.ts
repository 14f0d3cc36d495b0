import * as E from 'fp-ts/Either';
import type { FormPhone, LeadForm } from '../../../../../domain/hub-leads/lead-form';
import { normalizePhone } from '../../../../../domain/shared/phone';
import { flattenPayload } from './flatten-payload';
import { addError, idText, isObject, type PayloadErrors } from './payload-errors';

const GROUPS: Readonly<Record<string, readonly string[]>> = {
  contact: ['name', 'phone', 'cellphone', 'email'],
  attendant: ['name'],
  team: ['name'],
  interests: ['brand', 'product'],
  tracking: ['source', 'medium'],
};

const text = { type: ['string', 'null'] };
const group = (members: readonly string[]) => ({
  type: ['object', 'null'],
  properties: Object.fromEntries(members.map((m) => [m, text])),
});

/** The payload `decodeLeadForm` accepts, for the OpenAPI document: known members typed, any other member kept. */
export const LEAD_FORM_SCHEMA = {
  type: 'object',
  description:
    'A phone is required in contact.phone, contact.cellphone or phone (the first present wins). Every member is ' +
    'flattened into `fields` (dotted paths).',
  properties: {
    id: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] },
    phone: text,
    ...Object.fromEntries(Object.entries(GROUPS).map(([name, members]) => [name, group(members)])),
  },
};

/**
 * The lead-form provider's payload of spec part 4. Checks the known members' types (objects where
 * the spec has objects, strings where it has text), requires a phone in contact.phone,
 * contact.cellphone or root phone (first present wins) and brings it to the canonical Brazilian
 * form with the domain's one normalizer (a phone that is not Brazilian is kept as sent, CONTRACT 7). Members the spec
 * does not name are flattened too, so
 * templates may also match on them.
 */
export function decodeLeadForm(payload: unknown): E.Either<PayloadErrors, LeadForm> {
  const errors: PayloadErrors = {};
  if (!isObject(payload)) {
    addError(errors, 'body', 'the payload must be a JSON object');
    return E.left(errors);
  }
  for (const [group, members] of Object.entries(GROUPS)) {
    const value = payload[group];
    if (value === undefined || value === null) continue;
    if (!isObject(value)) {
      addError(errors, group, `${group} must be an object`);
      continue;
    }
    for (const member of members) {
      const inner = value[member];
      if (inner !== undefined && inner !== null && typeof inner !== 'string')
        addError(errors, `${group}.${member}`, `${group}.${member} must be a string`);
    }
  }
  if (payload.phone !== undefined && payload.phone !== null && typeof payload.phone !== 'string')
    addError(errors, 'phone', 'phone must be a string');
  if (payload.id !== undefined && payload.id !== null && idText(payload.id) === undefined)
    addError(errors, 'id', 'id must be a non-empty string or a number');
  if (Object.keys(errors).length > 0) return E.left(errors);

  const contact = isObject(payload.contact) ? payload.contact : {};
  const rawPhone = [contact.phone, contact.cellphone, payload.phone].find(
    (p): p is string => typeof p === 'string' && p.trim() !== '',
  );
  if (rawPhone === undefined) {
    addError(errors, 'contact.phone', 'a phone is required in contact.phone, contact.cellphone or phone');
    return E.left(errors);
  }
  // CONTRACT 7: a present phone that is not a Brazilian number is kept as sent; only a missing one is 400.
  const canonical = normalizePhone(rawPhone);
  const phone: FormPhone =
    canonical === undefined ? { usable: false, value: rawPhone } : { usable: true, value: canonical };
  const text = (u: unknown) => (typeof u === 'string' && u.trim() !== '' ? u.trim() : null);
  const formId = idText(payload.id);
  return E.right({
    ...(formId === undefined ? {} : { formId }),
    phone,
    name: text(contact.name),
    email: text(contact.email),
    fields: flattenPayload(payload),
  });
}

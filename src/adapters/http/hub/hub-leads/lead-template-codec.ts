import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { withSchema } from '../../shared/openapi/json-schema';
import { field, textField } from '../hub-codecs';

const conditionsField = withSchema(
  new t.Type<Record<string, string>, unknown>(
    'conditions',
    (_u): _u is Record<string, string> => false,
    (u, c) => {
      if (u === undefined || u === null) return t.success({});
      if (typeof u !== 'object' || Array.isArray(u))
        return t.failure(u, c, 'conditions must be an object of path -> text');
      for (const [path, value] of Object.entries(u as Record<string, unknown>)) {
        if (path.trim() === '' || path.startsWith('$'))
          return t.failure(u, c, `conditions has an invalid path "${path}"`);
        if (typeof value !== 'string') return t.failure(u, c, `conditions.${path} must be a string`);
      }
      return t.success(u as Record<string, string>);
    },
    (a) => a,
  ),
  {
    type: 'object',
    additionalProperties: { type: 'string' },
    default: {},
    description: 'payload path -> text the lead must carry there',
  },
);

const activeField = withSchema(
  new t.Type<boolean, unknown>(
    'active',
    (u): u is boolean => typeof u === 'boolean',
    (u, c) =>
      u === undefined
        ? t.success(true)
        : typeof u === 'boolean'
          ? t.success(u)
          : t.failure(u, c, 'active must be true or false'),
    (a) => a,
  ),
  { type: 'boolean', default: true },
);

/** CONTRACT 6.2 template body: the HTTP route and `hub add-template --file` decode with this. */
export const LeadTemplateBody = t.exact(
  t.type({
    name: textField('name', 100),
    active: activeField,
    pipelineExternalId: textField('pipelineExternalId', 200),
    conditions: conditionsField,
    message: field(
      'message',
      (raw) =>
        raw.trim() === ''
          ? E.left('message must not be empty')
          : raw.length > 4096
            ? E.left('message must be at most 4096 characters')
            : E.right(raw),
      undefined,
      { type: 'string', minLength: 1, maxLength: 4096, description: 'may use {{path}} placeholders' },
    ),
  }),
);
export type LeadTemplateBody = t.TypeOf<typeof LeadTemplateBody>;

export const conditionPairs = (conditions: Record<string, string>) =>
  Object.entries(conditions).map(([path, value]) => ({ path, value }));

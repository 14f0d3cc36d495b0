import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import type { CreateSavedFilterInput } from '../../../../application/saved-filters/create-saved-filter';
import {
  parseSavedFilterName,
  parseSavedFilterQuery,
  MAX_SAVED_FILTER_NAME,
  MAX_SAVED_FILTER_QUERY_BYTES,
  type SavedFilterQuery,
  SAVED_FILTER_RESOURCES,
  type SavedFilterResource,
} from '../../../../domain/saved-filters/saved-filter';
import { decodeQueryInput, invalidInput, requireJsonObject, validationMessagesOf } from '../decode-input';
import { unknownKeyMessages } from '../../shared/decoding/strict-keys';
import { boundedText, oneOf } from '../../shared/decoding/codecs';
import { PageQuery } from '../../shared/decoding/page-query';
import { withSchema } from '../../shared/openapi/json-schema';

/** CONTRACT 7 "Lengths": the domain's limit, stated on the wire (the domain rule says the same message). */
const Name = boundedText({ maxLength: MAX_SAVED_FILTER_NAME });

const ResourceCodec = oneOf(SAVED_FILTER_RESOURCES);

export const SavedFilterResourceCodec = ResourceCodec;
/**
 * `query`: the saved list query, an object of strings, finite numbers and booleans, at most 4 KiB as
 * JSON: the domain rule, run here with its own messages (each names its key) and stated as the schema.
 */
const QueryCodec = withSchema(
  new t.Type<SavedFilterQuery, SavedFilterQuery>(
    'a saved query',
    (u): u is SavedFilterQuery => E.isRight(parseSavedFilterQuery(u)),
    (u, c) => {
      if (u === undefined) return t.failure(u, c, 'is required');
      const parsed = parseSavedFilterQuery(u);
      if (E.isRight(parsed)) return t.success(parsed.right);
      // Each message starts with the field it names (`query.<key> must be ...`): keep it whole.
      return t.failures(
        parsed.left.map((message) => {
          const [field = '', ...rest] = message.split(' ');
          const keys = field.split('.').slice(1);
          const context = keys.reduce((at, key) => t.appendContext(at, key, t.unknown, undefined), c);
          return { value: u, context, message: rest.join(' ') };
        }),
      );
    },
    t.identity,
  ),
  {
    type: 'object',
    additionalProperties: { type: ['string', 'number', 'boolean'] },
    description: `The list's query parameters; at most ${MAX_SAVED_FILTER_QUERY_BYTES} bytes as JSON`,
  },
);

export const SavedFilterCreateBody = t.type({ name: Name, resource: ResourceCodec, query: QueryCodec });
export const SavedFilterRenameBody = t.type({ name: Name });
const CreateBody = SavedFilterCreateBody;
const RenameBody = SavedFilterRenameBody;

function nameProblems(name: unknown): string[] {
  if (typeof name !== 'string') return [];
  const parsed = parseSavedFilterName(name);
  return E.isLeft(parsed) ? [parsed.left] : [];
}

/** POST /user/saved-filters (CONTRACT 8.5): every problem of the body in one 400. */
export function decodeSavedFilterCreation(input: unknown, userId: string): CreateSavedFilterInput {
  const raw = requireJsonObject(input, 'body');
  const decoded = CreateBody.decode(raw);
  const problems = [
    ...unknownKeyMessages(raw, ['name', 'resource', 'query']),
    ...(E.isLeft(decoded) ? validationMessagesOf(decoded.left) : []),
  ];
  problems.push(...nameProblems(raw.name));
  const query = raw.query === undefined ? undefined : parseSavedFilterQuery(raw.query);
  if (query === undefined) problems.push('query is required');
  if (query !== undefined && E.isLeft(query)) problems.push(...query.left);
  const name = typeof raw.name === 'string' ? parseSavedFilterName(raw.name) : undefined;
  if (
    problems.length > 0 ||
    E.isLeft(decoded) ||
    query === undefined ||
    E.isLeft(query) ||
    name === undefined ||
    E.isLeft(name)
  ) {
    throw invalidInput([...new Set(problems)]);
  }
  return { userId, name: name.right, resource: decoded.right.resource, query: query.right };
}

/** PATCH /user/saved-filters/{id} body `{name}` (CONTRACT 8.5). */
export function decodeSavedFilterRename(input: unknown): string {
  const raw = requireJsonObject(input, 'body');
  const decoded = RenameBody.decode(raw);
  const problems = [
    ...unknownKeyMessages(raw, ['name']),
    ...(E.isLeft(decoded) ? validationMessagesOf(decoded.left) : []),
    ...nameProblems(raw.name),
  ];
  const name = typeof raw.name === 'string' ? parseSavedFilterName(raw.name) : undefined;
  if (problems.length > 0 || name === undefined || E.isLeft(name)) throw invalidInput([...new Set(problems)]);
  return name.right;
}

/** GET /user/saved-filters query (CONTRACT 8.5): the paging of every list and the resource. */
export const SavedFilterListQuery = t.intersection([PageQuery, t.partial({ resource: ResourceCodec })]);

/** GET /user/saved-filters?resource&page&limit, one message per problem. */
export function decodeSavedFilterListQuery(query: Record<string, unknown>): {
  resource?: SavedFilterResource;
  page: number;
  limit: number;
} {
  return decodeQueryInput(SavedFilterListQuery, query, 'refuse');
}

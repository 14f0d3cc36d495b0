import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import type { UpdateSdrStatusInput } from '../../../../application/sdr/update-sdr-status';
import { parseIdentifier, type LeadIdentifier } from '../../../../domain/sdr/identifier';
import type { IdentifierType } from '../../../../domain/sdr/interaction';
import { problemsOf, type InputProblem } from '../../shared/errors/input-problems';
import { queryValues } from '../../shared/decoding/query-decoding';
import { invalidInput, requireJsonObject } from '../decode-input';
import { SdrListQuery, SdrStatusBody } from './sdr-codecs';

const identifierMessage = (type: IdentifierType) =>
  type === 'phone' ? 'identifier must be a valid Brazilian phone number' : 'identifier must be a valid CPF';

/**
 * The sales service's one identifier codec: `identifier` + `identifier_type` (spec part 4) become a
 * canonical LeadIdentifier, normalized here once. The identifier's own check joins the codec's
 * messages, so a request with several problems hears about all of them in one 400.
 */
function decodeIdentified<A extends { identifier: string; identifier_type: IdentifierType }>(
  codec: t.Decoder<unknown, A>,
  input: unknown,
  what: 'body' | 'query',
  earlier: readonly InputProblem[] = [],
): { decoded: A; identifier: LeadIdentifier } {
  const raw = requireJsonObject(input, what);
  const decoded = codec.decode(raw);
  // A parameter already refused (given twice) is not also reported missing by the codec.
  const refused = new Set(earlier.map((problem) => problem.field));
  const problems = [
    ...earlier,
    ...(E.isLeft(decoded) ? problemsOf(decoded.left).filter((problem) => !refused.has(problem.field)) : []),
  ].map((problem) => problem.message);
  const type = raw.identifier_type;
  const parsed =
    typeof raw.identifier === 'string' && raw.identifier.trim() !== '' && (type === 'phone' || type === 'cpf')
      ? parseIdentifier(type, raw.identifier)
      : undefined;
  if (parsed !== undefined && E.isLeft(parsed)) problems.push(identifierMessage(parsed.left.type));
  if (problems.length > 0 || E.isLeft(decoded) || parsed === undefined || E.isLeft(parsed))
    throw invalidInput([...new Set(problems)]);
  return { decoded: decoded.right, identifier: parsed.right };
}

/** PATCH /sdr/interactions/status body. */
export function decodeSdrStatusRequest(input: unknown): UpdateSdrStatusInput {
  const { decoded, identifier } = decodeIdentified(SdrStatusBody, input, 'body');
  return { identifier, status: decoded.status, ...(decoded.notes === undefined ? {} : { notes: decoded.notes }) };
}

/** GET /sdr/interactions query. */
export function decodeSdrListQuery(input: unknown): LeadIdentifier {
  // A wave-one route (CONTRACT 7 "Query parameters"): unknown parameters are ignored, bracketed or repeated ones
  // refused.
  const { values, problems } = queryValues(SdrListQuery, requireJsonObject(input, 'query'), 'ignore');
  return decodeIdentified(SdrListQuery, values, 'query', problems).identifier;
}

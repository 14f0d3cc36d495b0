import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import type { CreateSdrInteraction } from '../../../application/sdr/create-sdr-interaction';
import type { ListSdrInteractions, ListSdrInteractionsError } from '../../../application/sdr/list-sdr-interactions';
import type { UpdateSdrStatus, UpdateSdrStatusError } from '../../../application/sdr/update-sdr-status';
import { creationProblems } from '../../../domain/sdr/creation-problems';
import { parseIdentifier } from '../../../domain/sdr/identifier';
import { formatNotes, type IdentifierType } from '../../../domain/sdr/interaction';
import { HttpError } from '../shared/http-error';
import { decodeInput, validationMessagesOf } from './decode-input';
import { apiKeyGuard, combinedGuard, type GuardDeps } from './guards';
import { SdrCreateBody, SdrListQuery, SdrStatusBody } from './sdr-codecs';

export interface SdrRoutesDeps {
  readonly guards: GuardDeps;
  readonly createInteraction: CreateSdrInteraction;
  readonly updateStatus: UpdateSdrStatus;
  readonly listInteractions: ListSdrInteractions;
}

const invalid = (messages: readonly string[]) => new HttpError(400, 'Validation failed', { validation: messages });
const identifierMessage = (type: IdentifierType) => (type === 'phone' ? 'identifier must be a valid Brazilian phone number' : 'identifier must be a valid CPF');
const notFound = (type: IdentifierType, value: string) => new HttpError(404, `No SDR interaction found for ${type} ${value}`);
/** The status update and the read back fail the same two ways. */
function lookupError(error: UpdateSdrStatusError | ListSdrInteractionsError): HttpError {
  switch (error._tag) {
    case 'InvalidIdentifier':
      return invalid([identifierMessage(error.type)]);
    case 'InteractionNotFound':
      return notFound(error.type, error.value);
  }
}
const stringOrUndefined = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Decodes a body or query carrying `identifier` + `identifier_type`; the identifier's own check joins the
 * codec's messages, so a request with several problems hears about all of them in one 400.
 */
function decodeIdentified<A>(codec: t.Decoder<unknown, A>, input: unknown, what: 'body' | 'query'): A {
  decodeShape(input, codec, what);
  const raw = input as Record<string, unknown>;
  const decoded = codec.decode(raw);
  const problems = E.isLeft(decoded) ? validationMessagesOf(decoded.left) : [];
  const type = raw.identifier_type;
  if (typeof raw.identifier === 'string' && raw.identifier.trim() !== '' && (type === 'phone' || type === 'cpf')) {
    if (E.isLeft(parseIdentifier(type, raw.identifier))) problems.push(identifierMessage(type));
  }
  if (problems.length > 0 || E.isLeft(decoded)) throw invalid(problems);
  return decoded.right;
}

/** A body that is not a JSON object gets decodeInput's message. */
function decodeShape(input: unknown, codec: t.Decoder<unknown, unknown>, what: string): void {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) decodeInput(codec, input, what);
}

export function sdrRoutes(deps: SdrRoutesDeps): Router {
  const router = new Router({ prefix: '/sdr/interactions' });
  // Spec part 5 rule 4, CONTRACT 3.1: creation and status update take only an API key.
  const apiKeyOnly = apiKeyGuard(deps.guards);

  router.post('/', apiKeyOnly, async (ctx) => {
    decodeShape(ctx.request.body, SdrCreateBody, 'body');
    const raw = ctx.request.body as Record<string, unknown>;
    const decoded = SdrCreateBody.decode(raw);
    if (E.isLeft(decoded)) {
      const extra = creationProblems({ phone: stringOrUndefined(raw.phone), sessionId: stringOrUndefined(raw.session_id), cpf: stringOrUndefined(raw.cpf) });
      // A present but non-string phone or session_id already has its codec message; it is not "missing".
      const present = raw.phone !== undefined || raw.session_id !== undefined;
      throw invalid([...new Set([...validationMessagesOf(decoded.left), ...extra.filter((m) => !(present && m.startsWith('phone or')))])]);
    }
    const body = decoded.right;
    const result = await deps.createInteraction.execute({
      channel: body.channel,
      result: body.result,
      ...(body.phone === undefined ? {} : { phone: body.phone }),
      ...(body.session_id === undefined ? {} : { sessionId: body.session_id }),
      ...(body.contact === undefined ? {} : { contact: body.contact }),
      ...(body.sent === undefined ? {} : { sent: body.sent }),
      ...(body.sent_to === undefined ? {} : { sentTo: body.sent_to }),
      ...(body.converted_to_lead === undefined ? {} : { convertedToLead: body.converted_to_lead }),
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.cpf === undefined ? {} : { cpf: body.cpf }),
      ...(body.email === undefined ? {} : { email: body.email }),
      ...(body.notes === undefined ? {} : { notes: body.notes }),
    });
    if (E.isLeft(result)) throw invalid(result.left.problems);
    ctx.status = result.right.created ? 201 : 200;
    ctx.body = result.right;
  });

  router.patch('/status', apiKeyOnly, async (ctx) => {
    const body = decodeIdentified(SdrStatusBody, ctx.request.body, 'body');
    const result = await deps.updateStatus.execute({
      identifier: body.identifier,
      identifierType: body.identifier_type,
      status: body.status,
      ...(body.notes === undefined ? {} : { notes: body.notes }),
    });
    if (E.isLeft(result)) throw lookupError(result.left);
    ctx.body = result.right;
  });

  router.get('/', combinedGuard(deps.guards), async (ctx) => {
    const query = decodeIdentified(SdrListQuery, ctx.query, 'query');
    const result = await deps.listInteractions.execute({ identifier: query.identifier, identifierType: query.identifier_type });
    if (E.isLeft(result)) throw lookupError(result.left);
    const names = new Map(result.right.persons.map((p) => [p.id, p.fullName]));
    ctx.body = {
      data: result.right.interactions.map(({ interaction: i, notes }) => ({
        id: i.id,
        personId: i.personId,
        person_name: names.get(i.personId) ?? '',
        phone: i.phone,
        session_id: i.sessionId,
        channel: i.channel,
        result: i.result,
        status: i.status,
        contact: i.contact,
        sent: i.sent,
        sent_to: i.sentTo,
        converted_to_lead: i.convertedToLead,
        interaction_notes: formatNotes(notes),
        createdAt: i.createdAt.toISOString(),
        updatedAt: i.updatedAt.toISOString(),
      })),
      total: result.right.interactions.length,
    };
  });

  return router;
}

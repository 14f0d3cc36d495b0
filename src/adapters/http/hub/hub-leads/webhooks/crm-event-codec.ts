import * as E from 'fp-ts/Either';
import { isCrmAction, type CrmEvent, type CrmPhase } from '../../../../../domain/hub-leads/crm-event';
import { addError, idText, isObject, type PayloadErrors } from './payload-errors';

const id = { anyOf: [{ type: 'string' }, { type: 'number' }] };
const phaseSchema = { anyOf: [{ type: 'object', properties: { id, name: { type: 'string' } } }, { type: 'null' }] };

/** The payload `decodeCrmEvent` accepts, for the OpenAPI document (members it does not name are ignored). */
export const CRM_EVENT_SCHEMA = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      required: ['action'],
      properties: {
        action: {
          type: 'string',
          minLength: 1,
          description: 'card.create, card.move, ...; an action the hub does not know is answered `skipped`',
        },
        card: {
          type: 'object',
          required: ['id'],
          description: 'Required for a known action',
          properties: { id, title: { type: 'string' }, pipe: { type: 'object', properties: { id } }, pipe_id: id },
        },
        from: phaseSchema,
        to: { ...phaseSchema, description: '`to.name` is required for card.move' },
      },
    },
  },
} as const;

/** A CRM delivery decoded: an event to apply, or an action this service does not know (skipped, spec part 4). */
export type CrmDelivery =
  { readonly kind: 'event'; readonly event: CrmEvent } | { readonly kind: 'unrecognized'; readonly action: string };

/**
 * The CRM provider's payload of spec part 4 (nested under `data`; `card.pipe.id`, or the provider's
 * real shape `card.pipe_id`), routed on `data.action`. A missing action, a card without id and
 * wrong types are errors (400); an action this service does not know is not an error but an event
 * to skip (spec part 4: 200 with `skipped`).
 */
export function decodeCrmEvent(payload: unknown): E.Either<PayloadErrors, CrmDelivery> {
  const errors: PayloadErrors = {};
  const data = isObject(payload) ? payload.data : undefined;
  if (!isObject(data)) {
    addError(errors, 'data', 'data must be an object');
    return E.left(errors);
  }
  if (typeof data.action !== 'string' || data.action.trim() === '') {
    addError(
      errors,
      'data.action',
      data.action === undefined ? 'data.action is required' : 'data.action must be a non-empty string',
    );
    return E.left(errors);
  }
  const action = data.action.trim();
  if (!isCrmAction(action)) return E.right({ kind: 'unrecognized', action });

  const { cardId, title, pipeId } = cardOf(data.card, errors);
  const from = phase(data.from, 'data.from', errors);
  const to = phase(data.to, 'data.to', errors);
  if (action === 'card.move' && to?.name === undefined)
    addError(errors, 'data.to.name', 'data.to.name is required for card.move');
  if (Object.keys(errors).length > 0 || cardId === undefined) return E.left(errors);
  return E.right({
    kind: 'event',
    event: {
      action,
      cardId,
      ...(title === undefined ? {} : { title }),
      ...(pipeId === undefined ? {} : { pipeId }),
      ...(from === undefined ? {} : { from }),
      ...(to === undefined ? {} : { to }),
    },
  });
}

interface CardFields {
  readonly cardId?: string | undefined;
  readonly title?: string | undefined;
  readonly pipeId?: string | undefined;
}

/** The card's id, title and pipe (`pipe.id`, or `pipe_id` when the nested one is absent); problems go to `errors`. */
function cardOf(card: unknown, errors: PayloadErrors): CardFields {
  if (!isObject(card)) {
    addError(errors, 'data.card', 'data.card is required');
    return {};
  }
  let title: string | undefined;
  let pipeId: string | undefined;
  const cardId = idText(card.id);
  if (cardId === undefined) addError(errors, 'data.card.id', 'data.card.id is required (string or number)');
  if (card.title !== undefined && typeof card.title !== 'string')
    addError(errors, 'data.card.title', 'data.card.title must be a string');
  else title = card.title;
  if (card.pipe !== undefined) {
    if (!isObject(card.pipe) || idText(card.pipe.id) === undefined)
      addError(errors, 'data.card.pipe.id', 'data.card.pipe.id must be a string or number');
    else pipeId = idText(card.pipe.id);
  }
  if (card.pipe_id !== undefined) {
    const id = idText(card.pipe_id);
    if (id === undefined) addError(errors, 'data.card.pipe_id', 'data.card.pipe_id must be a string or number');
    else pipeId ??= id;
  }
  return { cardId, title, pipeId };
}

function phase(u: unknown, field: string, errors: PayloadErrors): CrmPhase | undefined {
  if (u === undefined || u === null) return undefined;
  if (!isObject(u)) {
    addError(errors, field, `${field} must be an object`);
    return undefined;
  }
  if (u.name !== undefined && typeof u.name !== 'string')
    addError(errors, `${field}.name`, `${field}.name must be a string`);
  if (u.id !== undefined && idText(u.id) === undefined)
    addError(errors, `${field}.id`, `${field}.id must be a string or number`);
  const id = idText(u.id);
  const name = typeof u.name === 'string' ? u.name : undefined;
  return { ...(id === undefined ? {} : { id }), ...(name === undefined ? {} : { name }) };
}

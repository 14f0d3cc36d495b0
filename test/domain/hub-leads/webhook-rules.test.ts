import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { isValidTimezone, isWithinBusinessHours, parseBusinessHours } from '../../../src/domain/hub-leads/business-hours';
import { normalizeCrmEvent } from '../../../src/domain/hub-leads/crm-event';
import { flattenPayload } from '../../../src/domain/hub-leads/flatten';
import { normalizeLeadForm } from '../../../src/domain/hub-leads/lead-form';
import { renderMessage, selectTemplate, type LeadTemplate } from '../../../src/domain/hub-leads/lead-template';

const right = <A>(e: E.Either<unknown, A>): A => {
  if (E.isLeft(e)) throw new Error(`expected Right, got ${JSON.stringify(e.left)}`);
  return e.right;
};

describe('business hours (CONTRACT 6.3 and 7)', () => {
  const hours = right(parseBusinessHours('mon-fri 09:00-18:00, sat 09:00-13:00'));

  it('is evaluated on the wall clock of the organization timezone', () => {
    // Wednesday 2026-03-04 12:00 UTC is 09:00 in São Paulo (UTC-3) and 08:00 in Manaus (UTC-4).
    const at = new Date('2026-03-04T12:00:00Z');
    expect(isWithinBusinessHours(hours, 'America/Sao_Paulo', at)).to.equal(true);
    expect(isWithinBusinessHours(hours, 'America/Manaus', at)).to.equal(false);
    // 18:00 is the end (exclusive); Saturday afternoon and Sunday are outside.
    expect(isWithinBusinessHours(hours, 'America/Sao_Paulo', new Date('2026-03-04T21:00:00Z'))).to.equal(false);
    expect(isWithinBusinessHours(hours, 'America/Sao_Paulo', new Date('2026-03-07T15:59:00Z'))).to.equal(true);
    expect(isWithinBusinessHours(hours, 'America/Sao_Paulo', new Date('2026-03-07T16:00:00Z'))).to.equal(false);
    expect(isWithinBusinessHours(hours, 'America/Sao_Paulo', new Date('2026-03-08T15:00:00Z'))).to.equal(false);
  });

  it('rejects what the grammar does not allow', () => {
    for (const bad of ['', 'mon-fri', 'fri-mon 09:00-18:00', 'mon 18:00-09:00', 'xyz 09:00-10:00', 'mon 25:00-26:00', 'mon 9:00-18:00']) {
      expect(E.isLeft(parseBusinessHours(bad)), bad).to.equal(true);
    }
    expect(right(parseBusinessHours('SUN 00:00-24:00')).items).to.deep.equal([{ days: [6], from: 0, to: 1440 }]);
    expect(isValidTimezone('America/Sao_Paulo')).to.equal(true);
    expect(isValidTimezone('Nowhere/City')).to.equal(false);
  });
});

describe('lead-form flattening, template selection and rendering (CONTRACT 6.2)', () => {
  const template = (id: string, active: boolean, conditions: [string, string][]): LeadTemplate => ({
    id,
    orgId: 'o',
    name: id,
    active,
    pipelineExternalId: 'p',
    conditions: conditions.map(([path, value]) => ({ path, value })),
    message: 'Olá {{contact.name}}, {{ interests.brand }} {{missing}}!',
    createdAt: new Date(0),
  });

  it('flattens nested objects into dotted paths, numbers and booleans as text, arrays and nulls ignored', () => {
    expect(flattenPayload({ id: 7, contact: { name: 'Ana', phone: null }, interests: { brand: 'Fiat', tags: ['a'] }, ok: true, deep: { a: { b: 'c' } } })).to.deep.equal({
      id: '7',
      'contact.name': 'Ana',
      'interests.brand': 'Fiat',
      ok: 'true',
      'deep.a.b': 'c',
    });
  });

  it('selects the first active template whose conditions all equal the flattened values', () => {
    const flat = { 'interests.brand': 'Fiat', 'tracking.source': 'google' };
    const templates = [template('off', false, []), template('vw', true, [['interests.brand', 'VW']]), template('fiat-google', true, [['interests.brand', 'Fiat'], ['tracking.source', 'google']]), template('any', true, [])];
    expect(selectTemplate(templates, flat)?.id).to.equal('fiat-google');
    expect(selectTemplate(templates, { 'interests.brand': 'Fiat' })?.id).to.equal('any');
    expect(selectTemplate([template('off', false, [])], flat)).to.equal(undefined);
    expect(renderMessage(templates[0]!.message, { 'contact.name': 'Ana', 'interests.brand': 'Fiat' })).to.equal('Olá Ana, Fiat !');
  });

  it('normalizes a lead form: phone from contact.phone, contact.cellphone or phone; externalId = id else the normalized phone', () => {
    expect(right(normalizeLeadForm({ contact: { cellphone: '(11) 8765-4321', name: ' Ana ' } }))).to.deep.include({ externalId: '5511987654321', phone: '5511987654321', name: 'Ana' });
    expect(right(normalizeLeadForm({ id: 'x-1', phone: '+55 21 3456-7890' }))).to.deep.include({ externalId: 'x-1', phone: '552134567890' });
    expect(E.isLeft(normalizeLeadForm({ contact: { name: 'Ana' } }))).to.equal(true);
    expect(E.isLeft(normalizeLeadForm({ contact: { phone: 11987654321 } }))).to.equal(true);
    expect(E.isLeft(normalizeLeadForm({ interests: 'Fiat', phone: '11987654321' }))).to.equal(true);
  });
});

describe('CRM event normalization (spec part 4)', () => {
  it('reads data.action, card {id, title, pipe {id}} or card.pipe_id, from and to', () => {
    expect(right(normalizeCrmEvent({ data: { action: 'card.move', card: { id: 12, title: 'T', pipe_id: 3 }, from: { id: 1, name: 'A' }, to: { id: 2, name: 'B' } } }))).to.deep.equal({
      kind: 'event',
      event: { action: 'card.move', cardId: '12', title: 'T', pipeId: '3', from: { id: '1', name: 'A' }, to: { id: '2', name: 'B' } },
    });
    expect(right(normalizeCrmEvent({ data: { action: 'card.create', card: { id: 'c', pipe: { id: '9' } } } }))).to.deep.equal({ kind: 'event', event: { action: 'card.create', cardId: 'c', pipeId: '9' } });
  });

  it('an unknown action is skipped, not an error; a missing action, card id or wrong types are errors', () => {
    expect(right(normalizeCrmEvent({ data: { action: 'card.expired' } }))).to.deep.equal({ kind: 'unrecognized', action: 'card.expired' });
    const errors = (payload: unknown) => {
      const result = normalizeCrmEvent(payload);
      return E.isLeft(result) ? Object.keys(result.left) : [];
    };
    expect(errors({})).to.deep.equal(['data']);
    expect(errors({ data: { action: 5 } })).to.deep.equal(['data.action']);
    expect(errors({ data: { action: 'card.delete', card: {} } })).to.deep.equal(['data.card.id']);
    expect(errors({ data: { action: 'card.delete', card: { id: 1, title: 2 } } })).to.deep.equal(['data.card.title']);
    expect(errors({ data: { action: 'card.move', card: { id: 1 } } })).to.deep.equal(['data.to.name']);
  });
});

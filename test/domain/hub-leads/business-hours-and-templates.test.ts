import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import {
  isValidTimezone,
  isWithinBusinessHours,
  parseBusinessHours,
} from '../../../src/domain/hub-leads/business-hours';
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
    for (const bad of [
      '',
      'mon-fri',
      'fri-mon 09:00-18:00',
      'mon 18:00-09:00',
      'xyz 09:00-10:00',
      'mon 25:00-26:00',
      'mon 9:00-18:00',
    ]) {
      expect(E.isLeft(parseBusinessHours(bad)), bad).to.equal(true);
    }
    expect(right(parseBusinessHours('SUN 00:00-24:00')).items).to.deep.equal([{ days: [6], from: 0, to: 1440 }]);
    expect(isValidTimezone('America/Sao_Paulo')).to.equal(true);
    expect(isValidTimezone('Nowhere/City')).to.equal(false);
  });
});

describe('lead-form template selection and rendering (CONTRACT 6.2)', () => {
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

  it('selects the first active template whose conditions all equal the flattened values', () => {
    const flat = { 'interests.brand': 'Fiat', 'tracking.source': 'google' };
    const templates = [
      template('off', false, []),
      template('vw', true, [['interests.brand', 'VW']]),
      template('fiat-google', true, [
        ['interests.brand', 'Fiat'],
        ['tracking.source', 'google'],
      ]),
      template('any', true, []),
    ];
    expect(selectTemplate(templates, flat)?.id).to.equal('fiat-google');
    expect(selectTemplate(templates, { 'interests.brand': 'Fiat' })?.id).to.equal('any');
    expect(selectTemplate([template('off', false, [])], flat)).to.equal(undefined);
    expect(renderMessage(templates[0]!.message, { 'contact.name': 'Ana', 'interests.brand': 'Fiat' })).to.equal(
      'Olá Ana, Fiat !',
    );
  });
});

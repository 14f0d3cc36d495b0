import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { decodeCrmEvent } from '../../../../../../src/adapters/http/hub/hub-leads/webhooks/crm-event-codec';
import { flattenPayload } from '../../../../../../src/adapters/http/hub/hub-leads/webhooks/flatten-payload';
import { decodeLeadForm } from '../../../../../../src/adapters/http/hub/hub-leads/webhooks/lead-form-codec';
import { leadFormExternalId } from '../../../../../../src/domain/hub-leads/lead-form';

const right = <A>(e: E.Either<unknown, A>): A => {
  if (E.isLeft(e)) throw new Error(`expected Right, got ${JSON.stringify(e.left)}`);
  return e.right;
};

describe('lead-form payload codec (spec part 4, CONTRACT 6.2)', () => {
  it('flattens nested objects into dotted paths, numbers and booleans as text, arrays and nulls ignored', () => {
    expect(
      flattenPayload({
        id: 7,
        contact: { name: 'Ana', phone: null },
        interests: { brand: 'Fiat', tags: ['a'] },
        ok: true,
        deep: { a: { b: 'c' } },
      }),
    ).to.deep.equal({
      id: '7',
      'contact.name': 'Ana',
      'interests.brand': 'Fiat',
      ok: 'true',
      'deep.a.b': 'c',
    });
  });

  it(
    'decodes a lead form: phone from contact.phone, contact.cellphone or phone, normalized; its lead key is the ' +
      'id, else the normalized phone',
    () => {
      const byPhone = right(decodeLeadForm({ contact: { cellphone: '(11) 8765-4321', name: ' Ana ' } }));
      expect(byPhone).to.deep.include({ phone: { usable: true, value: '5511987654321' }, name: 'Ana' });
      expect(leadFormExternalId(byPhone, 'body-hash')).to.equal('5511987654321');
      const byId = right(decodeLeadForm({ id: 'x-1', phone: '+55 21 3456-7890' }));
      expect(byId).to.deep.include({ formId: 'x-1', phone: { usable: true, value: '552134567890' } });
      expect(leadFormExternalId(byId, 'body-hash')).to.equal('x-1');
      expect(right(decodeLeadForm({ id: 987, phone: '11987654321' })).formId).to.equal('987');
      expect(E.isLeft(decodeLeadForm({ contact: { name: 'Ana' } }))).to.equal(true);
      expect(E.isLeft(decodeLeadForm({ contact: { phone: 11987654321 } }))).to.equal(true);
      expect(E.isLeft(decodeLeadForm({ interests: 'Fiat', phone: '11987654321' }))).to.equal(true);
    },
  );

  it('keeps a present phone that is not Brazilian as sent, never as a lead key (CONTRACT 7)', () => {
    const form = right(decodeLeadForm({ contact: { phone: ' 123 ' } }));
    expect(form.phone).to.deep.equal({ usable: false, value: ' 123 ' });
    expect(leadFormExternalId(form, 'body-hash')).to.equal('unmatched-phone:body-hash');
    expect(leadFormExternalId({ ...form, formId: 'f-1' }, 'body-hash')).to.equal('f-1');
  });

  it('names the field of each problem: a missing phone, wrong types, a body that is not an object', () => {
    const errors = (payload: unknown) => {
      const result = decodeLeadForm(payload);
      return E.isLeft(result) ? result.left : {};
    };
    expect(errors({ contact: { name: 'Ana' } })).to.deep.equal({
      'contact.phone': ['a phone is required in contact.phone, contact.cellphone or phone'],
    });
    expect(errors({ contact: { phone: '  ' }, phone: null })).to.deep.equal({
      'contact.phone': ['a phone is required in contact.phone, contact.cellphone or phone'],
    });
    expect(Object.keys(errors({ contact: 'Ana', phone: 5, id: {} })).sort()).to.deep.equal(['contact', 'id', 'phone']);
    expect(Object.keys(errors([1, 2]))).to.deep.equal(['body']);
  });

  it('keeps the whole payload as the fields, members the spec does not name included', () => {
    const form = right(
      decodeLeadForm({ contact: { phone: '11987654321' }, interests: { brand: 'Fiat' }, campaign: { code: 7 } }),
    );
    expect(form.fields).to.deep.equal({
      'contact.phone': '11987654321',
      'interests.brand': 'Fiat',
      'campaign.code': '7',
    });
    expect(form).to.include({ name: null, email: null });
  });
});

describe('CRM payload codec (spec part 4)', () => {
  it('reads data.action, card {id, title, pipe {id}} or card.pipe_id, from and to', () => {
    expect(
      right(
        decodeCrmEvent({
          data: {
            action: 'card.move',
            card: { id: 12, title: 'T', pipe_id: 3 },
            from: { id: 1, name: 'A' },
            to: { id: 2, name: 'B' },
          },
        }),
      ),
    ).to.deep.equal({
      kind: 'event',
      event: {
        action: 'card.move',
        cardId: '12',
        title: 'T',
        pipeId: '3',
        from: { id: '1', name: 'A' },
        to: { id: '2', name: 'B' },
      },
    });
    expect(
      right(decodeCrmEvent({ data: { action: 'card.create', card: { id: 'c', pipe: { id: '9' } } } })),
    ).to.deep.equal({ kind: 'event', event: { action: 'card.create', cardId: 'c', pipeId: '9' } });
  });

  it('an unknown action is skipped, not an error; a missing action, card id or wrong types are errors', () => {
    expect(right(decodeCrmEvent({ data: { action: 'card.expired' } }))).to.deep.equal({
      kind: 'unrecognized',
      action: 'card.expired',
    });
    const errors = (payload: unknown) => {
      const result = decodeCrmEvent(payload);
      return E.isLeft(result) ? Object.keys(result.left) : [];
    };
    expect(errors({})).to.deep.equal(['data']);
    expect(errors({ data: { action: 5 } })).to.deep.equal(['data.action']);
    expect(errors({ data: { action: 'card.delete', card: {} } })).to.deep.equal(['data.card.id']);
    expect(errors({ data: { action: 'card.delete', card: { id: 1, title: 2 } } })).to.deep.equal(['data.card.title']);
    expect(errors({ data: { action: 'card.move', card: { id: 1 } } })).to.deep.equal(['data.to.name']);
  });
});

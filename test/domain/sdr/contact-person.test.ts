import { expect } from 'chai';
import { contactPersonOrder } from '../../../src/domain/sdr/contact';
import { leadPersonAmong, minimalLeadPerson } from '../../../src/domain/sdr/lead-person';
import type { Cpf } from '../../../src/domain/shared/cpf';
import type { CanonicalPhone } from '../../../src/domain/shared/phone';

const at = (iso: string) => new Date(iso);

describe("the contact's person (CONTRACT 8.2)", () => {
  it('is the most recently updated person holding the phone', () => {
    const older = { id: 'a', updatedAt: at('2026-01-01T00:00:00Z') };
    const newer = { id: 'b', updatedAt: at('2026-02-01T00:00:00Z') };
    expect([older, newer].sort(contactPersonOrder)[0]).to.equal(newer);
  });

  it('on a tie, the smaller id in code-unit order, whatever the locale would say', () => {
    const when = at('2026-01-01T00:00:00Z');
    const lower = { id: 'a-person', updatedAt: when };
    const upper = { id: 'B-person', updatedAt: when };
    // 'B' (66) sorts before 'a' (97) by code unit, where a locale comparison puts 'a' first.
    expect('a-person'.localeCompare('B-person')).to.be.lessThan(0);
    expect([lower, upper].sort(contactPersonOrder)[0]).to.equal(upper);
    expect([upper, lower].sort(contactPersonOrder)[0]).to.equal(upper);
  });
});

describe('the person of an SDR lead (spec part 4)', () => {
  const now = at('2026-03-01T12:00:00Z');

  it('a phone of 13 digits is a mobile, of 12 a landline; name and e-mail trimmed, an empty e-mail none', () => {
    const mobile = minimalLeadPerson(
      { phone: '5511987654321' as CanonicalPhone, name: ' Ana ', email: '  ' },
      'p1',
      now,
    );
    expect(mobile).to.deep.include({
      id: 'p1',
      fullName: 'Ana',
      mobile: '5511987654321',
      residentialPhone: null,
      personalEmail: null,
      cpf: null,
      createdAt: now,
      updatedAt: now,
    });
    const landline = minimalLeadPerson(
      { phone: '551133334444' as CanonicalPhone, email: ' ana@example.com ' },
      'p2',
      now,
    );
    expect(landline).to.deep.include({
      fullName: '',
      mobile: null,
      residentialPhone: '551133334444',
      personalEmail: 'ana@example.com',
    });
  });

  it('the CPF names the person; without a CPF match, the newest person with the phone', () => {
    const cpf = '52998224725' as Cpf;
    const first = minimalLeadPerson({ cpf }, 'first', at('2026-01-01T00:00:00Z'));
    const newest = minimalLeadPerson({}, 'newest', at('2026-02-01T00:00:00Z'));
    expect(leadPersonAmong([newest, first], cpf)?.id).to.equal('first');
    expect(leadPersonAmong([first, newest], undefined)?.id).to.equal('newest');
    expect(leadPersonAmong([], undefined)).to.equal(undefined);
  });
});

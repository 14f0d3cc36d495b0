import { expect } from 'chai';
import * as fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { normalizePhone, phoneMatchKey, type CanonicalPhone } from '../../../src/domain/shared/phone';

describe('normalizePhone', () => {
  it('brings every way people type one mobile to the same canonical form', () => {
    for (const typed of [
      '+55 (11) 98765-4321',
      '5511987654321',
      '11987654321',
      '(11) 8765-4321',
      '011 98765 4321',
      '+55 11 8765 4321',
      '0055 11 98765-4321',
      '0 21 11 98765-4321',
    ]) {
      expect(normalizePhone(typed), typed).to.equal('5511987654321');
    }
  });

  it('keeps landlines at 8 digits', () => {
    expect(normalizePhone('(11) 3333-4444')).to.equal('551133334444');
    expect(normalizePhone('+55 11 3333-4444')).to.equal('551133334444');
  });

  it('does not strip a leading 55 that is the Rio Grande do Sul area code', () => {
    expect(normalizePhone('(55) 99876-5432')).to.equal('5555998765432');
    expect(normalizePhone('55 3222-1111')).to.equal('555532221111');
    expect(normalizePhone('5555998765432')).to.equal('5555998765432');
  });

  it('rejects what is not a Brazilian number', () => {
    for (const bad of [
      '',
      'abc',
      '123',
      '+1 212 555 0100',
      '(20) 98765-4321',
      '(11) 1234-5678',
      '11 98765-43210',
      '119876543210000',
    ]) {
      expect(normalizePhone(bad), bad).to.equal(undefined);
    }
  });

  it('matches a mobile with or without its ninth digit (DDD + last 8 digits)', () => {
    const withNine = normalizePhone('(11) 98765-4321') as CanonicalPhone;
    expect(phoneMatchKey(withNine)).to.equal('1187654321');
    expect(phoneMatchKey('551187654321' as CanonicalPhone)).to.equal('1187654321');
  });

  it(
    'agrees with libphonenumber-js (max metadata) on every number it considers a valid Brazilian mobile or ' +
      'landline',
    () => {
      const areaCodes = [11, 21, 27, 31, 41, 51, 55, 61, 71, 81, 85, 91, 98];
      fc.assert(
        fc.property(
          fc.constantFrom(...areaCodes),
          fc.boolean(),
          fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 8 }),
          fc.constantFrom('e164', 'national', 'digits', 'trunk'),
          (ddd, mobile, rest, style) => {
            const subscriber = mobile
              ? `9${rest.join('')}`
              : `${2 + ((rest[0] as number) % 4)}${rest.slice(1).join('')}`;
            const reference = parsePhoneNumberFromString(`+55${ddd}${subscriber}`);
            fc.pre(reference !== undefined && reference.isValid());
            const typed = {
              e164: `+55${ddd}${subscriber}`,
              national: `(${ddd}) ${subscriber}`,
              digits: `${ddd}${subscriber}`,
              trunk: `0${ddd}${subscriber}`,
            }[style];
            expect(normalizePhone(typed)).to.equal(reference.number.slice(1));
          },
        ),
        { numRuns: 500 },
      );
    },
  );
});

// CONTRACT 3.4 and 7 "Phones": real-world spellings as people, dialers and messaging gateways send them.
describe('normalizePhone over real-world spellings', () => {
  const table: [typed: string, canonical: string | undefined][] = [
    ['+55 (11) 98765-4321', '5511987654321'],
    ['5511987654321', '5511987654321'],
    ['11987654321', '5511987654321'],
    ['(11) 8765-4321', '5511987654321'],
    ['011 98765 4321', '5511987654321'],
    ['+5511987654321', '5511987654321'],
    ['+55 11 98765 4321', '5511987654321'],
    ['55 11 98765-4321', '5511987654321'],
    ['(011) 98765-4321', '5511987654321'],
    ['11 9 8765-4321', '5511987654321'],
    ['11.98765.4321', '5511987654321'],
    ['  (11)98765-4321  ', '5511987654321'],
    ['0 15 11 98765 4321', '5511987654321'],
    ['014 11 987654321', '5511987654321'],
    ['+55 11 8765-4321', '5511987654321'],
    ['551187654321', '5511987654321'],
    ['1187654321', '5511987654321'],
    ['(21) 99999-0000', '5521999990000'],
    ['21 3333-2222', '552133332222'],
    ['+55 21 3333-2222', '552133332222'],
    ['(61) 3201-5000', '556132015000'],
    ['0800 123 4567', undefined],
    ['(55) 99876-5432', '5555998765432'],
    ['(55) 9876-5432', '5555998765432'],
    ['55 99876 5432', '5555998765432'],
    ['5555998765432', '5555998765432'],
    ['+55 55 99876-5432', '5555998765432'],
    ['55 55 3222-1111', '555532221111'],
    ['555532221111', '555532221111'],
    ['(85) 98888-7777', '5585988887777'],
    ['85 8888-7777', '5585988887777'],
    ['(47) 3035-1000', '554730351000'],
    ['+55 (92) 99123-4567', '5592991234567'],
    ['0055 92 99123 4567', '5592991234567'],
    ['98765-4321', undefined],
    ['+1 (415) 555-2671', undefined],
    ['(10) 98765-4321', undefined],
    ['(11) 08765-4321', undefined],
    ['11 98765-4321 ramal 2', undefined],
    ['+55 11 98765-43', undefined],
    ['wa.me/5511987654321', undefined],
  ];

  for (const [typed, canonical] of table) {
    it(`${JSON.stringify(typed)} -> ${canonical ?? 'rejected'}`, () => {
      expect(normalizePhone(typed)).to.equal(canonical);
      if (canonical !== undefined) {
        // libphonenumber-js (max metadata) is the reference for what a valid Brazilian number is.
        const reference = parsePhoneNumberFromString(`+${canonical}`);
        expect(reference?.isValid(), `libphonenumber-js on +${canonical}`).to.equal(true);
      }
    });
  }

  it('gives every spelling of one mobile, with or without the ninth digit, one match key', () => {
    const keys = ['+55 (11) 98765-4321', '(11) 8765-4321', '551187654321', '011 98765 4321'].map((typed) =>
      phoneMatchKey(normalizePhone(typed) as CanonicalPhone),
    );
    expect(new Set(keys)).to.deep.equal(new Set(['1187654321']));
  });
});

import { expect } from 'chai';
import fc from 'fast-check';
import { nameSortKey, type Contact } from '../../../src/domain/sdr/contact';
import { compareContacts } from '../../support/contact-rules';

const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0);
const binary = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/** Names as brokers type them: letters with and without accents, case, spaces, hyphens, apostrophes, dots, digits. */
const nameChar = fc.constantFrom(...Array.from("aAáÁàâãbcçÇdeéÉêfgiíÍjlmnoóÓôõprsStuúÚüvzZ  -'.,019_ßæ\u00a0"));
const name = fc.array(nameChar, { minLength: 1, maxLength: 12 }).map((chars) => chars.join(''));

describe('nameSortKey (the contact model sorts names in the database by it)', () => {
  it(
    'orders any two names as the pt-BR collation at base strength does, equal keys exactly when the collator says ' +
      'equal',
    () => {
      fc.assert(
        fc.property(name, name, (a, b) => {
          expect(binary(nameSortKey(a), nameSortKey(b)), JSON.stringify([a, b])).to.equal(sign(collator.compare(a, b)));
        }),
        { numRuns: 20_000 },
      );
    },
  );

  it('gives the list order of compareContacts when keys break ties by session id', () => {
    const contact = (sessionId: string, n: string | null) => ({ sessionId, name: n }) as Contact;
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.uuid(), fc.option(name, { nil: null })), { maxLength: 30 }), (rows) => {
        const contacts = rows.map(([id, n]) => contact(id, n));
        const expected = [...contacts].sort(compareContacts('name', 'asc')).map((c) => c.sessionId);
        const byKey = [...contacts]
          .sort((x, y) =>
            (x.name === null) !== (y.name === null)
              ? x.name === null
                ? 1
                : -1
              : binary(nameSortKey(x.name ?? ''), nameSortKey(y.name ?? '')) || binary(x.sessionId, y.sessionId),
          )
          .map((c) => c.sessionId);
        expect(byKey).to.deep.equal(expected);
      }),
      { numRuns: 500 },
    );
  });
});

import { expect } from 'chai';
import { holdingOrder, type DeclaredHolding } from '../../../../src/application/shared/privacy/holding';
import { mergeSubjects, sameSubject, subjectOf } from '../../../../src/application/shared/privacy/subject';

describe('privacy subjects (CONTRACT 12.1)', () => {
  it('a subject starts from its one identifier', () => {
    expect(subjectOf({ kind: 'cpf', value: '12345678909' })).to.deep.equal({
      cpfs: ['12345678909'],
      phones: [],
      emails: [],
      personIds: [],
    });
    expect(subjectOf({ kind: 'phone', value: '5511987654321' }).phones).to.deep.equal(['5511987654321']);
    expect(subjectOf({ kind: 'email', value: 'ana@example.com' }).emails).to.deep.equal(['ana@example.com']);
  });

  it('merging is a set union in first-seen order, and sameSubject tells when linking adds nothing', () => {
    const a = { cpfs: ['1'], phones: ['p1'], emails: [], personIds: ['x'] };
    const b = { cpfs: ['1'], phones: ['p2', 'p1'], emails: ['e'], personIds: [] };
    const merged = mergeSubjects(a, b);
    expect(merged).to.deep.equal({ cpfs: ['1'], phones: ['p1', 'p2'], emails: ['e'], personIds: ['x'] });
    expect(sameSubject(a, merged)).to.equal(false);
    expect(sameSubject(merged, mergeSubjects(merged, b))).to.equal(true);
  });

  it('holdings run in their declared positions', () => {
    const reader = { count: async () => 0, documents: async function* () {} };
    const holdings: DeclaredHolding[] = [
      { store: 'sales', position: 20, reader },
      { store: 'people', position: 10, reader },
    ];
    expect(holdingOrder(holdings).map((h) => h.store)).to.deep.equal(['people', 'sales']);
  });
});

import { expect } from 'chai';
import * as fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { checkDigit, parseCpf } from '../../../src/domain/shared/cpf';

describe('parseCpf', () => {
  it('accepts a valid CPF with or without dots and dash, as its 11 digits', () => {
    expect(parseCpf('529.982.247-25')).to.deep.equal(E.right('52998224725'));
    expect(parseCpf('52998224725')).to.deep.equal(E.right('52998224725'));
    expect(parseCpf(' 529 982 247 25 ')).to.deep.equal(E.right('52998224725'));
  });

  it('rejects a wrong check digit, a wrong length, letters and the repeated sequences', () => {
    expect(parseCpf('529.982.247-24')).to.deep.equal(E.left({ _tag: 'InvalidCpf', reason: 'check-digit' }));
    expect(parseCpf('529.982.247-15')).to.deep.equal(E.left({ _tag: 'InvalidCpf', reason: 'check-digit' }));
    expect(parseCpf('5299822472')).to.deep.equal(E.left({ _tag: 'InvalidCpf', reason: 'format' }));
    expect(parseCpf('529982247250')).to.deep.equal(E.left({ _tag: 'InvalidCpf', reason: 'format' }));
    expect(parseCpf('52998224a25')).to.deep.equal(E.left({ _tag: 'InvalidCpf', reason: 'format' }));
    for (let d = 0; d <= 9; d += 1) {
      expect(parseCpf(String(d).repeat(11))).to.deep.equal(E.left({ _tag: 'InvalidCpf', reason: 'repeated' }));
    }
  });

  it('accepts every CPF built with correct check digits and rejects every single-digit change of them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }),
        fc.integer({ min: 9, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (base, position, delta) => {
          fc.pre(new Set(base).size > 1);
          const first = checkDigit(base);
          const digits = [...base, first, checkDigit([...base, first])];
          expect(E.isRight(parseCpf(digits.join('')))).to.equal(true);
          const mutated = [...digits];
          mutated[position] = ((mutated[position] as number) + delta) % 10;
          expect(E.isLeft(parseCpf(mutated.join('')))).to.equal(true);
        },
      ),
    );
  });
});

import { expect } from 'chai';
import { BoundedMemo } from '../../../src/domain/shared/bounded-memo';

describe('BoundedMemo (bounded in-process state)', () => {
  it('computes a key once, then answers it from the memo', () => {
    const memo = new BoundedMemo<string, number>(10);
    let computed = 0;
    const square = (key: string) => {
      computed += 1;
      return Number(key) ** 2;
    };
    expect(memo.get('3', square)).to.equal(9);
    expect(memo.get('3', square)).to.equal(9);
    expect(computed).to.equal(1);
  });

  it('never holds more than its bound: the oldest entry stored goes first', () => {
    const memo = new BoundedMemo<number, number>(3);
    for (let i = 0; i < 100; i += 1) memo.get(i, (k) => k * 2);
    expect(memo.size).to.equal(3);
    let recomputed: number[] = [];
    const track = (k: number) => {
      recomputed.push(k);
      return k * 2;
    };
    // The last three stored are kept; an older one is computed again.
    for (const key of [97, 98, 99]) expect(memo.get(key, track)).to.equal(key * 2);
    expect(recomputed).to.deep.equal([]);
    expect(memo.get(5, track)).to.equal(10);
    expect(recomputed).to.deep.equal([5]);
    expect(memo.size).to.equal(3);
    recomputed = [];
    // 97 was the oldest: storing 5 evicted it.
    memo.get(97, track);
    expect(recomputed).to.deep.equal([97]);
  });

  it('stores nothing when the computation throws', () => {
    const memo = new BoundedMemo<string, number>(2);
    expect(() =>
      memo.get('bad', () => {
        throw new RangeError('no');
      }),
    ).to.throw(RangeError);
    expect(memo.size).to.equal(0);
  });

  it('refuses a bound that is not a positive integer', () => {
    expect(() => new BoundedMemo(0)).to.throw(RangeError);
    expect(() => new BoundedMemo(1.5)).to.throw(RangeError);
  });
});

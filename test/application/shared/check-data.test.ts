import { expect } from 'chai';
import { CheckData } from '../../../src/application/shared/data-checks/check-data';
import type { DataCheck, DataCheckScan, ViolationBatch } from '../../../src/application/shared/data-checks/data-check';
import { inBatches } from '../../../src/application/shared/data-checks/data-check';

const NOW = new Date('2026-11-26T09:00:00.000Z');
const clock = { now: () => NOW };

/** A check over an in-memory set of broken ids; its repair fixes `fixable` of them (the rest stay broken). */
function memoryCheck(
  name: string,
  broken: Set<string>,
  options: { fixable?: ReadonlySet<string>; notRepairable?: string; batch?: number } = {},
): DataCheck {
  return {
    name,
    promise: `${name} holds`,
    ...(options.notRepairable === undefined ? {} : { notRepairable: options.notRepairable }),
    async *scan({ scanned, now }: DataCheckScan): AsyncIterable<ViolationBatch> {
      expect(now).to.equal(NOW);
      for await (const ids of inBatches(toAsync([...broken].sort()), options.batch ?? 3)) {
        scanned(ids.length);
        yield {
          ids,
          ...(options.notRepairable === undefined
            ? {
                repair: async () => {
                  const fixed = ids.filter((id) => options.fixable?.has(id) ?? true);
                  for (const id of fixed) broken.delete(id);
                  return fixed.length;
                },
              }
            : {}),
        };
      }
    },
  };
}

async function* toAsync<T>(items: readonly T[]): AsyncIterable<T> {
  for (const item of items) yield await Promise.resolve(item);
}

describe('CheckData (check-data, CONTRACT 10.2)', () => {
  it('counts every violation, keeps the first 5 ids as examples, and writes nothing without repair', async () => {
    const broken = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    const report = await new CheckData([memoryCheck('seven', broken), memoryCheck('none', new Set())], clock).execute({
      repair: false,
    });
    expect(report).to.deep.include({ repair: false, violations: 7, repaired: 0, remaining: 7 });
    expect(report.checks[0]).to.deep.include({
      name: 'seven',
      violations: 7,
      examples: ['a', 'b', 'c', 'd', 'e'],
      repairable: true,
      repaired: 0,
      remaining: 7,
    });
    expect(report.checks[1]).to.deep.include({ name: 'none', violations: 0, examples: [], remaining: 0 });
    expect(broken.size).to.equal(7);
  });

  it('with repair: repairs batch by batch, then scans again, so remaining is what is still broken', async () => {
    const broken = new Set(['a', 'b', 'c', 'd']);
    const report = await new CheckData(
      [memoryCheck('partly', broken, { fixable: new Set(['a', 'c', 'd']) })],
      clock,
    ).execute({ repair: true });
    expect(report.checks[0]).to.deep.include({ violations: 4, repaired: 3, remaining: 1 });
    expect(report).to.deep.include({ repair: true, violations: 4, repaired: 3, remaining: 1 });
    expect([...broken]).to.deep.equal(['b']);
  });

  it('a check that cannot repair is named with its reason and keeps its violations', async () => {
    const broken = new Set(['x']);
    const report = await new CheckData(
      [memoryCheck('source', broken, { notRepairable: 'source data' })],
      clock,
    ).execute({ repair: true });
    expect(report.checks[0]).to.deep.include({
      violations: 1,
      repaired: 0,
      remaining: 1,
      repairable: false,
      notRepairable: 'source data',
    });
    expect(broken.size).to.equal(1);
  });

  it('reports progress per check with the documents read, and the step when each check ends', async () => {
    const steps: string[] = [];
    await new CheckData(
      [memoryCheck('one', new Set(['a', 'b', 'c', 'd'])), memoryCheck('two', new Set())],
      clock,
    ).execute({
      repair: false,
      progress: ({ check, step, steps: total, scanned }) => steps.push(`${check} ${step}/${total} ${scanned}`),
    });
    expect(steps).to.deep.equal(['one 0/2 3', 'one 0/2 4', 'one 1/2 0', 'two 2/2 0']);
  });
});

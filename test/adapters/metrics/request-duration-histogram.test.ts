import { expect } from 'chai';
import fc from 'fast-check';
import { Histogram, Registry } from 'prom-client';
import { RequestDurationHistogram } from '../../../src/adapters/metrics/request-duration-histogram';
import { samplesOf, type Sample } from '../../support/metrics';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const key = (s: Sample) => `${s.name}${JSON.stringify(Object.entries(s.labels).sort())}`;

describe('RequestDurationHistogram', () => {
  it('writes the text prom-client writes for a histogram fed the same observations', async () => {
    const observation = fc.record({
      method: fc.constantFrom('GET', 'POST', 'OPTIONS'),
      route: fc.constantFrom('/api/sales/:id', 'unmatched', '/odd "quoted" \\ route\nnext'),
      status: fc.constantFrom(200, 401, 404, 503),
      seconds: fc.oneof(fc.constantFrom(...BUCKETS, 0, 11), fc.double({ min: 0, max: 12, noNaN: true })),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(observation, { maxLength: 60 }), async (observations) => {
        const ours = new RequestDurationHistogram('d_seconds', 'help', BUCKETS);
        const registry = new Registry();
        const reference = new Histogram({
          name: 'd_seconds',
          help: 'help',
          labelNames: ['method', 'route', 'status'],
          buckets: BUCKETS,
          registers: [registry],
        });
        for (const { method, route, status, seconds } of observations) {
          ours.observe(method, route, status, seconds);
          reference.observe({ method, route, status: String(status) }, seconds);
        }
        const mine = new Map(samplesOf(ours.text()).map((s) => [key(s), s.value]));
        const theirs = new Map(samplesOf(await registry.metrics()).map((s) => [key(s), s.value]));
        expect([...mine.keys()].sort()).to.deep.equal([...theirs.keys()].sort());
        for (const [k, value] of theirs) expect(mine.get(k), k).to.be.closeTo(value, 1e-9);
      }),
      { numRuns: 60 },
    );
  });

  it('starts with the family header and no sample', () => {
    expect(new RequestDurationHistogram('d_seconds', 'line one\nline two', BUCKETS).text()).to.equal(
      '# HELP d_seconds line one\\nline two\n# TYPE d_seconds histogram\n',
    );
  });
});

import { expect } from 'chai';
import fc from 'fast-check';
import { Binary, BSON } from 'mongodb';
import { kpiFactsOfDocument, kpiFieldsOf } from '../../../../src/adapters/mongo/sdr/read-models/chat-kpi-fields';
import { activeDaysOf, type ChatKpiFacts } from '../../../../src/domain/kpi/chat-kpi-facts';

const seconds = fc.integer({ min: -2_000_000_000, max: 8_000_000_000 });
const facts: fc.Arbitrary<ChatKpiFacts> = fc.record({
  buckets: fc.array(fc.integer({ min: -3_000_000, max: 9_000_000 }), { maxLength: 40 }),
  inboundBuckets: fc.array(fc.integer({ min: -3_000_000, max: 9_000_000 }), { maxLength: 40 }),
  turns: fc.array(fc.record({ start: seconds, lastInbound: seconds, reply: fc.option(seconds, { nil: null }) }), {
    maxLength: 20,
  }),
});

/** The chat's KPI facts as the chat document packs them (CONTRACT 8.3, 10.1). */
describe('the KPI facts of a chat document', () => {
  it('come back as they were written, through BSON, for any facts (times before 1970 and after 2106 too)', () => {
    fc.assert(
      fc.property(facts, (kpi) => {
        const stored = BSON.deserialize(BSON.serialize(kpiFieldsOf(kpi)));
        expect(kpiFactsOfDocument(stored)).to.deep.equal(kpi);
        expect(stored.kpiDays).to.deep.equal(activeDaysOf(kpi));
      }),
    );
  });

  it(
    'are none for a document without them or with a' + ' binary it did not write (check-data then finds it differs)',
    () => {
      const none = { buckets: [], inboundBuckets: [], turns: [] };
      expect(kpiFactsOfDocument({})).to.deep.equal(none);
      expect(kpiFactsOfDocument({ kpiFacts: new Binary(new Uint8Array(7)) })).to.deep.equal(none);
      const counts = new Uint8Array(24);
      new DataView(counts.buffer).setFloat64(0, 5, true); // says 5 buckets, holds none
      expect(kpiFactsOfDocument({ kpiFacts: new Binary(counts) })).to.deep.equal(none);
      const halves = new Uint8Array(32);
      // Counts of half a bucket each: 4 values, as many as 3 + 1/2 + 1/2 would need.
      [0.5, 0.5, 0, 1].forEach((n, i) => new DataView(halves.buffer).setFloat64(i * 8, n, true));
      expect(kpiFactsOfDocument({ kpiFacts: new Binary(halves) })).to.deep.equal(none);
    },
  );
});

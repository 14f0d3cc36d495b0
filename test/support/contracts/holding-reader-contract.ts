import { expect } from 'chai';
import type { HoldingReader } from '../../../src/application/shared/privacy/holding';
import { EMPTY_SUBJECT, type Subject } from '../../../src/application/shared/privacy/subject';

/**
 * A store's holding reader (CONTRACT 12.1): `seed` writes two records of `subject` (in two spellings of
 * its value where the store has spellings) and one of `other`, through the store's own writer.
 */
export interface HoldingReaderFixture {
  readonly reader: HoldingReader;
  readonly subject: Subject;
  readonly other: Subject;
  seed(): Promise<void>;
}

async function all(documents: AsyncIterable<unknown>): Promise<unknown[]> {
  const found: unknown[] = [];
  for await (const document of documents) found.push(document);
  return found;
}

export function holdingReaderContract(make: () => Promise<HoldingReaderFixture>): void {
  it('counts and hands out nothing for a subject that names nothing, or that nothing matches', async () => {
    const { reader, subject } = await make();
    expect(await reader.count(EMPTY_SUBJECT, undefined)).to.equal(0);
    expect(await all(reader.documents(EMPTY_SUBJECT, undefined))).to.deep.equal([]);
    expect(await reader.count(subject, undefined)).to.equal(0);
    expect(await all(reader.documents(subject, undefined))).to.deep.equal([]);
  });

  it("counts the subject's records and hands out exactly those, not another subject's", async () => {
    const fixture = await make();
    await fixture.seed();
    expect(await fixture.reader.count(fixture.subject, undefined)).to.equal(2);
    expect(await all(fixture.reader.documents(fixture.subject, undefined))).to.have.length(2);
    expect(await fixture.reader.count(fixture.other, undefined)).to.equal(1);
    expect(await all(fixture.reader.documents(fixture.other, undefined))).to.have.length(1);
  });
}

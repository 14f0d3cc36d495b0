import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { IMPORT_POLICIES_BATCH, ImportPolicies } from '../../../src/application/policies/import-policies';
import type { PolicyRow } from '../../../src/application/policies/policy-row';
import type { NumberedRecord } from '../../../src/application/shared/import-pipeline';
import { ManualClock } from '../../support/fakes/fixed-clock';
import { InMemoryPolicyRepository } from '../../support/fakes/in-memory-policy-repository';
import { SequentialIdGenerator } from '../../support/fakes/sequential-id-generator';
import { ProcessDied, WriteFaults } from '../../support/fakes/write-faults';

const row = (policyNumber: string, insurer: string): PolicyRow => ({
  policyNumber,
  cpf: '52998224725',
  insurer,
  product: 'life',
  premiumCents: '1000',
  startDate: '2026-01-01',
  endDate: '2027-01-01',
  saleId: null,
  status: null,
  vehiclePlate: null,
});

/**
 * The file: two batches and a bit, with a number stored before the import, numbers repeated later in the
 * file (with another insurer: the first occurrence is the one kept) and a rejected row.
 */
const ROWS: PolicyRow[] = [
  ...Array.from({ length: IMPORT_POLICIES_BATCH + 5 }, (_, i) => row(`P-${i}`, 'Porto Seguro')),
  row('P-3', 'Repeated'),
  row('OLD', 'Repeated'),
  { ...row('BAD', 'Porto Seguro'), premiumCents: 'ten' },
  row(`P-${IMPORT_POLICIES_BATCH + 1}`, 'Repeated'),
  row('LAST', 'Porto Seguro'),
];
const VALID = ROWS.filter((r) => r.premiumCents !== 'ten');
const NUMBERS = [...new Set(VALID.map((r) => r.policyNumber as string))];

/**
 * CONTRACT 10.2, docs/decisions.md "import-policies" (class c): the import killed before a policy's
 * insert (each policy one document; a kill inside a batch's insertMany leaves part of it stored), then
 * the same file run again. Invariants after the re-run: every valid number of the file stored exactly
 * once, with its first row's data; the re-run inserts exactly the missing ones, and its counts cover the
 * file (inserted + duplicates + rejected = rows).
 */
describe('import-policies killed mid-file (CONTRACT 10.2)', () => {
  async function* numbered(rows: readonly PolicyRow[]): AsyncIterable<NumberedRecord<PolicyRow>> {
    for (const [i, value] of rows.entries()) yield { line: i + 2, value };
  }

  async function world() {
    const faults = new WriteFaults();
    const policies = new InMemoryPolicyRepository(faults);
    const importer = new ImportPolicies(policies, new ManualClock(), new SequentialIdGenerator());
    expect(await importer.execute({ records: numbered([row('OLD', 'Allianz')]) })).to.deep.equal(
      E.right({ inserted: 1, duplicates: 0, rejected: 0 }),
    );
    faults.revive();
    return { faults, policies, importer };
  }

  async function storedNumbers(policies: InMemoryPolicyRepository): Promise<string[]> {
    const page = await policies.list({}, 1, 10 * ROWS.length);
    return page.items.map((p) => p.policyNumber);
  }

  /** Kills the import before its n-th write, runs `rerun` (the same file by default) and checks the invariants. */
  async function killAt(n: number, rerun: readonly PolicyRow[] = ROWS): Promise<void> {
    const label = `killed before write ${n}`;
    const w = await world();
    w.faults.dieAt(n);
    const died = await w.importer.execute({ records: numbered(ROWS) }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(died, label).to.be.instanceOf(ProcessDied);
    w.faults.revive();
    const storedBefore = new Set(await storedNumbers(w.policies));
    expect(storedBefore.size, `${label}: the dead run left some missing`).to.be.below(NUMBERS.length);
    const counts = await w.importer.execute({ records: numbered(rerun) });
    if (E.isLeft(counts)) throw new Error('refused');
    const missing = NUMBERS.filter((number) => !storedBefore.has(number)).length;
    expect(counts.right.inserted, `${label}: the re-run inserts exactly the missing ones`).to.equal(missing);
    expect(
      counts.right.inserted + counts.right.duplicates + counts.right.rejected,
      `${label}: the re-run's counts cover the file`,
    ).to.equal(ROWS.length);
    expect(counts.right.rejected, label).to.equal(1);
    const stored = await storedNumbers(w.policies);
    expect(stored, `${label}: each number once`).to.have.length(NUMBERS.length);
    expect(new Set(stored), `${label}: every number of the file`).to.deep.equal(new Set(NUMBERS));
    for (const number of NUMBERS) {
      const first = number === 'OLD' ? 'Allianz' : VALID.find((r) => r.policyNumber === number)?.insurer;
      expect((await w.policies.findByNumber(number))?.insurer, `${label}: ${number} as its first row`).to.equal(first);
    }
  }

  // Every write of the first and last few, and every write around the batch boundary (each run re-runs the whole file,
  // so not all ~1,000 of the middle).
  const WRITES = VALID.length;
  const KILLS = [
    ...new Set([
      1,
      2,
      3,
      4,
      5,
      500,
      IMPORT_POLICIES_BATCH - 1,
      IMPORT_POLICIES_BATCH,
      IMPORT_POLICIES_BATCH + 1,
      IMPORT_POLICIES_BATCH + 2,
      WRITES - 4,
      WRITES - 3,
      WRITES - 2,
      WRITES - 1,
      WRITES,
    ]),
  ];

  it(
    'killed before a policy insert (first, mid-batch, around the batch boundary, the last ones), the same file ' +
      'again stores exactly the missing policies, each once and as its first row',
    async () => {
      const twin = await world();
      expect(await twin.importer.execute({ records: numbered(ROWS) })).to.deep.equal(
        E.right({ inserted: NUMBERS.length - 1, duplicates: VALID.length - NUMBERS.length + 1, rejected: 1 }),
      );
      expect(twin.faults.writes, 'one insert per valid row').to.have.length(WRITES);
      for (const n of KILLS) await killAt(n);
    },
  );

  it('the check fails when the re-run is not the same file (the test can fail)', async () => {
    const outcome = await killAt(3, ROWS.slice(IMPORT_POLICIES_BATCH)).then(
      () => 'passed',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(outcome).to.match(/exactly the missing ones/);
  });
});

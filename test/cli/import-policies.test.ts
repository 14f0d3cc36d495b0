import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withDatabase } from '../../src/adapters/mongo/shared/embedded-mongo';
import { connectMongo, type MongoConnection } from '../../src/adapters/mongo/shared/mongo-connection';
import { policiesCollection } from '../../src/adapters/mongo/policies/policy-collection';
import { runCliCaptured, runCliProcess } from '../support/cli';
import { sharedMongo } from '../support/mongo';

const HEADER = 'policyNumber,cpf,saleId,insurer,product,status,premiumCents,startDate,endDate,vehiclePlate';
const row = (n: number, overrides: Partial<Record<string, string>> = {}): string => {
  const fields = {
    policyNumber: `IMP-${n}`,
    cpf: '529.982.247-25',
    saleId: '',
    insurer: 'Porto Seguro',
    product: 'auto',
    status: '',
    premiumCents: String(100_000 + n),
    startDate: '2026-01-01',
    endDate: '2027-01-01',
    vehiclePlate: 'BRA-2E19',
    ...overrides,
  };
  return HEADER.split(',')
    .map((name) => fields[name as keyof typeof fields] ?? '')
    .join(',');
};

describe('CLI import-policies (CONTRACT 8.6)', function () {
  this.timeout(60_000);
  let dir: string;
  let uri: string;
  let mongo: MongoConnection;
  let env: Record<string, string>;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'policies-'));
    uri = withDatabase(sharedMongo().uri, `cli_${randomUUID().slice(0, 8)}`);
    mongo = await connectMongo(uri);
    env = { LOG_LEVEL: 'silent', MONGODB_URI: uri };
  });
  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
    await mongo.close();
  });

  const file = (name: string, lines: readonly string[]): string => {
    const full = path.join(dir, name);
    writeFileSync(full, `${lines.join('\n')}\n`);
    return full;
  };
  const stored = async () =>
    (await policiesCollection(mongo.db).find({}).sort({ policyNumber: 1 }).toArray()).map((d) => d.policyNumber);

  it(
    'imports good rows, prints the counts, stores them as POST would (CPF digits, plate normalized, pending, ' +
      'empty cells null)',
    async () => {
      const csv = file('good.csv', [
        HEADER,
        row(1),
        row(2, { status: 'active', product: 'life', vehiclePlate: '' }),
        row(3, { saleId: '6fa459ea-ee8a-4ca4-894e-db77e160355e' }),
      ]);
      const run = await runCliCaptured(['import-policies', '--file', csv], env);
      expect(run.code, run.err.join('\n')).to.equal(0);
      expect(run.out).to.deep.equal(['inserted 3, duplicates 0, rejected 0']);
      expect(run.err).to.deep.equal([]);
      const docs = await policiesCollection(mongo.db).find({}).sort({ policyNumber: 1 }).toArray();
      expect(
        docs.map((d) => [d.policyNumber, d.cpf, d.status, d.vehiclePlate, d.saleId, d.premiumCents]),
      ).to.deep.equal([
        ['IMP-1', '52998224725', 'pending', 'BRA2E19', null, 100_001],
        ['IMP-2', '52998224725', 'active', null, null, 100_002],
        ['IMP-3', '52998224725', 'pending', 'BRA2E19', '6fa459ea-ee8a-4ca4-894e-db77e160355e', 100_003],
      ]);
      expect(docs[0]?.history).to.deep.equal([]);
      const indexes = await policiesCollection(mongo.db).listIndexes().toArray();
      expect(indexes.find((index) => index.name === 'unique_policy_number')).to.include({ unique: true });
    },
  );

  it('reports bad rows on stderr with their line numbers and skips them; --json prints one object', async () => {
    const csv = file('mixed.csv', [
      HEADER,
      row(1),
      row(2, { cpf: '529.982.247-24' }),
      '',
      row(3, { premiumCents: '12,50'.replace(',', '.'), endDate: '2025-01-01' }),
      row(4, { product: 'boat', policyNumber: '' }),
      'IMP-5,52998224725',
      `"IMP-6",52998224725,,"Porto, Seguro",auto,,100,2026-01-01,2027-01-01,"ABC1234"`,
    ]);
    const run = await runCliCaptured(['--json', 'import-policies', '--file', csv], env);
    expect(run.code).to.equal(0);
    expect(run.out).to.have.length(1);
    expect(JSON.parse(run.out[0] as string)).to.deep.equal({ inserted: 2, duplicates: 0, rejected: 4 });
    expect(run.err).to.deep.equal([
      'line 3: cpf must be a valid CPF (11 digits, check digits)',
      'line 5: premiumCents must be an integer >= 0; endDate must be after startDate',
      'line 6: policyNumber is required; product must be one of auto, life, home, travel, other',
      'line 7: expected 10 fields, got 2',
    ]);
    expect(await stored()).to.deep.equal(['IMP-1', 'IMP-6']);
    const six = await policiesCollection(mongo.db).findOne({ policyNumber: 'IMP-6' });
    expect(six?.insurer).to.equal('Porto, Seguro');
  });

  it('numbers lines as a reader sees them: CRLF line ends, empty lines and a quoted field spanning lines', async () => {
    const full = path.join(dir, 'crlf.csv');
    const lines = [
      HEADER,
      row(1),
      '',
      `IMP-2,52998224725,,"Porto\r\nSeguro",auto,,100,2026-01-01,2027-01-01,ABC1234`,
      row(3, { cpf: '1' }),
      '',
      '',
      row(4, { product: 'x' }),
    ];
    writeFileSync(full, `\ufeff${lines.join('\r\n')}\r\n`);
    const run = await runCliCaptured(['--json', 'import-policies', '--file', full], env);
    expect(JSON.parse(run.out[0] as string)).to.deep.equal({ inserted: 2, duplicates: 0, rejected: 2 });
    expect(run.err).to.deep.equal([
      'line 6: cpf must be a valid CPF (11 digits, check digits)',
      'line 9: product must be one of auto, life, home, travel, other',
    ]);
  });

  it(
    'is idempotent on policyNumber: existing numbers and repeats in the file are duplicates and change nothing; a ' +
      'rerun changes nothing',
    async () => {
      const first = file('first.csv', [HEADER, row(1), row(2)]);
      expect((await runCliCaptured(['import-policies', '--file', first], env)).out).to.deep.equal([
        'inserted 2, duplicates 0, rejected 0',
      ]);
      const before = await policiesCollection(mongo.db).find({}).sort({ policyNumber: 1 }).toArray();
      const second = file('second.csv', [
        HEADER,
        row(1, { insurer: 'Changed' }),
        row(3),
        row(3, { insurer: 'Again' }),
        row(2),
      ]);
      const run = await runCliCaptured(['--json', 'import-policies', '--file', second], env);
      expect(JSON.parse(run.out[0] as string)).to.deep.equal({ inserted: 1, duplicates: 3, rejected: 0 });
      const after = await policiesCollection(mongo.db)
        .find({ policyNumber: { $in: ['IMP-1', 'IMP-2'] } })
        .sort({ policyNumber: 1 })
        .toArray();
      expect(after).to.deep.equal(before);
      expect((await policiesCollection(mongo.db).findOne({ policyNumber: 'IMP-3' }))?.insurer).to.equal('Porto Seguro');
      const rerun = await runCliCaptured(['--json', 'import-policies', '--file', second], env);
      expect(JSON.parse(rerun.out[0] as string)).to.deep.equal({ inserted: 0, duplicates: 4, rejected: 0 });
      expect(await stored()).to.deep.equal(['IMP-1', 'IMP-2', 'IMP-3']);
    },
  );

  it('imports across several batches (more rows than one insert)', async () => {
    const lines = [HEADER, ...Array.from({ length: 2_345 }, (_, i) => row(i))];
    const run = await runCliCaptured(['--json', 'import-policies', '--file', file('many.csv', lines)], env);
    expect(JSON.parse(run.out[0] as string)).to.deep.equal({ inserted: 2_345, duplicates: 0, rejected: 0 });
    expect(await policiesCollection(mongo.db).countDocuments({})).to.equal(2_345);
  });

  it(
    'a missing file, a header without the required columns, a wrong delimiter or a broken quote: exit 1, ' +
      'reported, nothing imported',
    async () => {
      const cases: [string, string][] = [
        [path.join(dir, 'nope.csv'), 'nope.csv: no such file'],
        [
          file('header.csv', ['policyNumber,cpf,insurer,product,premiumCents,startDate', row(1)]),
          'bad header at line 1: missing column endDate',
        ],
        [file('unknown.csv', [`${HEADER},notes`, `${row(1)},x`]), 'bad header at line 1: unknown column "notes"'],
        [
          file('semicolon.csv', [HEADER.replaceAll(',', ';'), row(1).replaceAll(',', ';')]),
          '(the file must be comma-separated)',
        ],
        [
          file('quote.csv', [
            HEADER,
            row(1),
            row(2),
            `IMP-9,52998224725,,"Porto Seguro,auto,,100,2026-01-01,2027-01-01,ABC1234`,
            row(3),
          ]),
          'broken CSV: Quote Not Closed',
        ],
        [
          file('closing.csv', [HEADER, row(1), `IMP-9,52998224725,,"Porto"x,auto,,100,2026-01-01,2027-01-01,ABC1234`]),
          'broken CSV: Invalid Closing Quote',
        ],
        [file('empty.csv', []), 'the file is empty'],
      ];
      for (const [csv, message] of cases) {
        const run = await runCliCaptured(['import-policies', '--file', csv], env);
        expect(run.code, csv).to.equal(1);
        expect(run.err.join('\n'), csv).to.contain(message);
        expect(run.out).to.deep.equal([]);
      }
      expect(await stored()).to.deep.equal([]);
    },
  );

  it('as a real process: --json prints one line on stdout, bad rows on stderr, exit 0', async () => {
    const csv = file('process.csv', [HEADER, row(1), row(2, { startDate: '2026-02-30' })]);
    const { code, stdout, stderr } = await runCliProcess(['--json', 'import-policies', '--file', csv], {
      MONGODB_URI: uri,
      LOG_LEVEL: 'warn',
    });
    expect(code, stderr).to.equal(0);
    expect(stdout.trimEnd().split('\n')).to.have.length(1);
    expect(JSON.parse(stdout)).to.deep.equal({ inserted: 1, duplicates: 0, rejected: 1 });
    expect(stderr.trim()).to.equal('line 3: startDate must be a date YYYY-MM-DD');
    const missing = await runCliProcess(['import-policies', '--file', path.join(dir, 'none.csv')], {
      MONGODB_URI: uri,
      LOG_LEVEL: 'warn',
    });
    expect(missing.code).to.equal(1);
    expect(missing.stderr).to.contain('none.csv: no such file');
  });
});

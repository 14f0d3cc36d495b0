import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { PolicyRepository } from '../../../src/application/policies/ports';
import type { IsoDate, Policy } from '../../../src/domain/policies/policy';
import type { Cpf } from '../../../src/domain/shared/cpf';

export const CPF_A = '52998224725' as Cpf;
export const CPF_B = '11144477735' as Cpf;
const T0 = new Date('2026-11-21T10:00:00.000Z');
const T1 = new Date('2026-11-21T11:00:00.000Z');

let counter = 0;
export const storedPolicy = (overrides: Partial<Policy> = {}): Policy => {
  counter += 1;
  return {
    id: randomUUID(),
    policyNumber: `P-${Date.now()}-${counter}`,
    cpf: CPF_A,
    saleId: null,
    insurer: 'Porto Seguro',
    product: 'auto',
    status: 'pending',
    premiumCents: 100_000,
    startDate: '2026-01-01' as IsoDate,
    endDate: '2027-01-01' as IsoDate,
    vehiclePlate: 'BRA2E19',
    history: [],
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
};

export function policyRepositoryContract(make: () => Promise<PolicyRepository>): void {
  let repo: PolicyRepository;
  beforeEach(async () => {
    repo = await make();
  });

  it('stores a policy and finds it by id and by number; unknown ones are undefined', async () => {
    const p = storedPolicy({
      saleId: randomUUID(),
      history: [{ from: 'pending', to: 'active', at: T1, userId: 'u', reason: 'r' }],
      status: 'active',
    });
    expect(await repo.insert(p)).to.equal('created');
    expect(await repo.findById(p.id)).to.deep.equal(p);
    expect(await repo.findByNumber(p.policyNumber)).to.deep.equal(p);
    expect(await repo.findById(randomUUID())).to.equal(undefined);
    expect(await repo.findByNumber('NOPE')).to.equal(undefined);
  });

  it('refuses a second policy with the same number and keeps the first unchanged', async () => {
    const p = storedPolicy();
    await repo.insert(p);
    expect(await repo.insert(storedPolicy({ policyNumber: p.policyNumber, insurer: 'Other' }))).to.equal('duplicate');
    expect(await repo.findByNumber(p.policyNumber)).to.deep.equal(p);
  });

  it(
    'insertMany inserts the new ones and reports the numbers already stored or repeated in the batch, changing ' +
      'nothing for them',
    async () => {
      const existing = storedPolicy();
      await repo.insert(existing);
      const fresh = [storedPolicy(), storedPolicy()];
      const again = storedPolicy({ policyNumber: fresh[0]?.policyNumber ?? '' });
      const report = await repo.insertMany([
        fresh[0] as Policy,
        storedPolicy({ policyNumber: existing.policyNumber, insurer: 'X' }),
        fresh[1] as Policy,
        again,
      ]);
      expect(report.inserted).to.equal(2);
      expect([...report.duplicates].sort()).to.deep.equal([existing.policyNumber, fresh[0]?.policyNumber].sort());
      expect(await repo.findByNumber(existing.policyNumber)).to.deep.equal(existing);
      expect(await repo.findById(fresh[1]?.id ?? '')).to.deep.equal(fresh[1]);
      expect(await repo.findById(again.id)).to.equal(undefined);
      expect(await repo.insertMany([])).to.deep.equal({ inserted: 0, duplicates: [] });
    },
  );

  it('two concurrent batches with overlapping numbers store each number once and count every row once', async () => {
    const shared = [storedPolicy(), storedPolicy(), storedPolicy()];
    const batch = (extra: number) => [
      ...shared.map((p) => ({ ...p, id: randomUUID() })),
      ...Array.from({ length: extra }, () => storedPolicy()),
    ];
    const [one, two] = await Promise.all([repo.insertMany(batch(2)), repo.insertMany(batch(3))]);
    expect(one.inserted + two.inserted).to.equal(3 + 2 + 3);
    expect([...one.duplicates, ...two.duplicates].sort()).to.deep.equal(shared.map((p) => p.policyNumber).sort());
    for (const p of shared) expect((await repo.findByNumber(p.policyNumber))?.policyNumber).to.equal(p.policyNumber);
  });

  it("finds a CPF's policies newest first: by startDate, then createdAt", async () => {
    const old = storedPolicy({ startDate: '2025-01-01' as IsoDate });
    const newer = storedPolicy({ startDate: '2026-06-01' as IsoDate });
    const sameStartLater = storedPolicy({ startDate: '2026-06-01' as IsoDate, createdAt: T1 });
    for (const p of [old, newer, sameStartLater, storedPolicy({ cpf: CPF_B })]) await repo.insert(p);
    expect((await repo.findByCpf(CPF_A, 500)).map((p) => p.id)).to.deep.equal([sameStartLater.id, newer.id, old.id]);
    // CONTRACT 11.4: the unpaged list is bounded, keeping the newest.
    expect((await repo.findByCpf(CPF_A, 2)).map((p) => p.id)).to.deep.equal([sameStartLater.id, newer.id]);
    expect(await repo.findByCpf('39053344705' as Cpf, 500)).to.deep.equal([]);
  });

  it(
    'lists with every filter (status, product, insurer any case, cpf, expiringBefore strictly), newest first, ' +
      'paginated with the total',
    async () => {
      const a = storedPolicy({ startDate: '2026-03-01' as IsoDate, endDate: '2026-12-31' as IsoDate });
      const b = storedPolicy({
        startDate: '2026-02-01' as IsoDate,
        status: 'active',
        product: 'life',
        vehiclePlate: null,
        insurer: 'Allianz',
        endDate: '2027-02-01' as IsoDate,
      });
      const c = storedPolicy({ startDate: '2026-01-01' as IsoDate, cpf: CPF_B, endDate: '2027-01-01' as IsoDate });
      for (const p of [c, a, b]) await repo.insert(p);
      const ids = async (filter: Parameters<PolicyRepository['list']>[0], page = 1, limit = 20) =>
        (await repo.list(filter, page, limit)).items.map((p) => p.id);
      expect(await ids({})).to.deep.equal([a.id, b.id, c.id]);
      expect(await ids({ status: 'active' })).to.deep.equal([b.id]);
      expect(await ids({ product: 'auto' })).to.deep.equal([a.id, c.id]);
      expect(await ids({ insurer: 'ALLIANZ' })).to.deep.equal([b.id]);
      expect(await ids({ insurer: 'allian' })).to.deep.equal([]);
      expect(await ids({ cpf: CPF_B })).to.deep.equal([c.id]);
      expect(await ids({ expiringBefore: '2027-01-01' })).to.deep.equal([a.id]);
      expect(await ids({ expiringBefore: '2027-01-02' })).to.deep.equal([a.id, c.id]);
      expect(await ids({ product: 'auto', cpf: CPF_A, status: 'pending' })).to.deep.equal([a.id]);
      const page = await repo.list({}, 2, 2);
      expect(page.items.map((p) => p.id)).to.deep.equal([c.id]);
      expect(page.total).to.equal(3);
      expect((await repo.list({ product: 'auto' }, 1, 1)).total).to.equal(2);
    },
  );

  it(
    'replaceStatus stores status, history and updatedAt only while the stored status is the expected ' + 'one',
    async () => {
      const p = storedPolicy();
      await repo.insert(p);
      const next: Policy = {
        ...p,
        status: 'active',
        history: [{ from: 'pending', to: 'active', at: T1, userId: 'u1', reason: null }],
        updatedAt: T1,
      };
      expect(await repo.replaceStatus(next, 'pending')).to.equal(true);
      expect(await repo.findById(p.id)).to.deep.equal(next);
      const stale: Policy = {
        ...p,
        status: 'cancelled',
        history: [{ from: 'pending', to: 'cancelled', at: T1, userId: 'u2', reason: null }],
        updatedAt: T1,
      };
      expect(await repo.replaceStatus(stale, 'pending')).to.equal(false);
      expect(await repo.findById(p.id)).to.deep.equal(next);
      expect(await repo.replaceStatus({ ...next, id: randomUUID() }, 'pending')).to.equal(false);
    },
  );
}

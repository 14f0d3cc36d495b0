import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { randomUUID } from 'node:crypto';
import { ChangePolicyStatus } from '../../../src/application/policies/change-policy-status';
import { CreatePolicy } from '../../../src/application/policies/create-policy';
import { FindPolicies } from '../../../src/application/policies/find-policies';
import { GetPolicy } from '../../../src/application/policies/get-policy';
import { ImportPolicies } from '../../../src/application/policies/import-policies';
import { ListPolicies } from '../../../src/application/policies/list-policies';
import type { PolicyRow } from '../../../src/application/policies/policy-row';
import type { NumberedRecord } from '../../../src/application/shared/import-pipeline';
import type { Policy, PolicyDraft } from '../../../src/domain/policies/policy';
import type { IsoDate } from '../../../src/domain/policies/policy';
import type { Cpf } from '../../../src/domain/shared/cpf';
import { ManualClock } from '../../support/fakes/fixed-clock';
import { InMemoryPersonRepository } from '../../support/fakes/in-memory-person-repository';
import { InMemoryPolicyRepository } from '../../support/fakes/in-memory-policy-repository';
import { SequentialIdGenerator } from '../../support/fakes/sequential-id-generator';
import { person } from '../../support/sales-fixtures';

const CPF = '52998224725' as Cpf;
const draft = (overrides: Partial<PolicyDraft> = {}): PolicyDraft => ({
  policyNumber: 'AP-1',
  cpf: CPF,
  saleId: null,
  insurer: 'Porto Seguro',
  product: 'auto',
  status: 'pending',
  premiumCents: 100_000,
  startDate: '2026-01-01' as IsoDate,
  endDate: '2027-01-01' as IsoDate,
  vehiclePlate: 'BRA2E19',
  ...overrides,
});

describe('policy use cases', () => {
  let policies: InMemoryPolicyRepository;
  let people: InMemoryPersonRepository;
  let clock: ManualClock;
  let ids: SequentialIdGenerator;
  beforeEach(() => {
    policies = new InMemoryPolicyRepository();
    people = new InMemoryPersonRepository();
    clock = new ManualClock();
    ids = new SequentialIdGenerator();
  });
  const create = async (overrides: Partial<PolicyDraft> = {}) => {
    const result = await new CreatePolicy(policies, people, clock, ids).execute(draft(overrides));
    if (E.isLeft(result)) throw new Error(result.left._tag);
    return result.right;
  };

  describe('CreatePolicy', () => {
    it(
      'stores the policy with a new id, no history, the clock time; personId null without a person with that ' + 'CPF',
      async () => {
        const policy = await create();
        expect(policy).to.deep.equal({
          id: ids.nth(1),
          ...draft(),
          history: [],
          createdAt: clock.now(),
          updatedAt: clock.now(),
          personId: null,
        });
        const { personId: _personId, ...stored } = policy;
        expect(await policies.findById(policy.id)).to.deep.equal(stored);
      },
    );

    it('links the person holding the CPF', async () => {
      const holder = await people.saveByCpf(person({ cpf: CPF }));
      expect((await create()).personId).to.equal(holder.id);
    });

    it('a number already stored is PolicyNumberTaken and nothing changes', async () => {
      const first = await create();
      const again = await new CreatePolicy(policies, people, clock, ids).execute(draft({ insurer: 'Other' }));
      expect(again).to.deep.equal(E.left({ _tag: 'PolicyNumberTaken', policyNumber: 'AP-1' }));
      expect((await policies.findByNumber('AP-1'))?.id).to.equal(first.id);
    });
  });

  describe('FindPolicies', () => {
    it(
      'by CPF: every policy of it newest first (none: an empty list); by number: that one, an unknown number is ' +
        'PolicyNotFound',
      async () => {
        const older = await create({ policyNumber: 'A', startDate: '2025-01-01' as IsoDate });
        const newer = await create({ policyNumber: 'B', startDate: '2026-05-01' as IsoDate });
        await create({ policyNumber: 'C', cpf: '11144477735' as Cpf });
        const find = new FindPolicies(policies, people);
        const byCpf = await find.execute({ cpf: CPF });
        expect(E.isRight(byCpf) && byCpf.right.map((p) => p.id)).to.deep.equal([newer.id, older.id]);
        expect(await find.execute({ cpf: '39053344705' as Cpf })).to.deep.equal(E.right([]));
        const byNumber = await find.execute({ policyNumber: 'A' });
        expect(E.isRight(byNumber) && byNumber.right.map((p) => p.id)).to.deep.equal([older.id]);
        expect(await find.execute({ policyNumber: 'NOPE' })).to.deep.equal(E.left({ _tag: 'PolicyNotFound' }));
      },
    );
  });

  describe('GetPolicy and ListPolicies', () => {
    it('GetPolicy answers the policy with its person; an unknown id is PolicyNotFound', async () => {
      const holder = await people.saveByCpf(person({ cpf: CPF }));
      const policy = await create();
      expect(await new GetPolicy(policies, people).execute(policy.id)).to.deep.equal(
        E.right({ ...policy, personId: holder.id }),
      );
      expect(await new GetPolicy(policies, people).execute(randomUUID())).to.deep.equal(
        E.left({ _tag: 'PolicyNotFound' }),
      );
    });

    it('ListPolicies passes the filter and the page through and links the persons', async () => {
      const holder = await people.saveByCpf(person({ cpf: CPF }));
      await create({ policyNumber: 'A' });
      await create({ policyNumber: 'B', cpf: '11144477735' as Cpf, status: 'active' });
      const page = await new ListPolicies(policies, people).execute({
        filter: { status: 'pending' },
        page: 1,
        limit: 10,
      });
      if (E.isLeft(page)) throw new Error('refused');
      expect(page.right.total).to.equal(1);
      expect(page.right.items.map((p) => [p.policyNumber, p.personId])).to.deep.equal([['A', holder.id]]);
    });
  });

  describe('ChangePolicyStatus', () => {
    it('applies an allowed move and records who, when and why', async () => {
      const policy = await create();
      clock.advance(60_000);
      const change = new ChangePolicyStatus(policies, people, clock);
      const result = await change.execute({ id: policy.id, to: 'active', userId: 'u1', reason: 'paid' });
      if (E.isLeft(result)) throw new Error(result.left._tag);
      expect(result.right).to.include({ status: 'active', updatedAt: result.right.updatedAt });
      expect(result.right.updatedAt).to.deep.equal(clock.now());
      expect(result.right.history).to.deep.equal([
        { from: 'pending', to: 'active', at: clock.now(), userId: 'u1', reason: 'paid' },
      ]);
      expect((await policies.findById(policy.id))?.history).to.deep.equal(result.right.history);
    });

    it(
      'a forbidden move is InvalidPolicyStatusTransition and changes nothing; an unknown policy is ' + 'PolicyNotFound',
      async () => {
        const policy = await create();
        const change = new ChangePolicyStatus(policies, people, clock);
        expect(await change.execute({ id: policy.id, to: 'expired', userId: 'u1', reason: null })).to.deep.equal(
          E.left({ _tag: 'InvalidPolicyStatusTransition', from: 'pending', to: 'expired' }),
        );
        expect(await change.execute({ id: policy.id, to: 'pending', userId: 'u1', reason: null })).to.deep.equal(
          E.left({ _tag: 'InvalidPolicyStatusTransition', from: 'pending', to: 'pending' }),
        );
        const { personId: _personId, ...stored } = policy;
        expect(await policies.findById(policy.id)).to.deep.equal(stored);
        expect(await change.execute({ id: randomUUID(), to: 'active', userId: 'u1', reason: null })).to.deep.equal(
          E.left({ _tag: 'PolicyNotFound' }),
        );
      },
    );

    it('a move decided on a status another change replaced is judged again against the new status', async () => {
      const policy = await create();
      // Another change lands between this change's read and its write.
      const racing = new InMemoryPolicyRepository();
      await racing.insert({ ...policy, history: [] });
      let raced = false;
      const wrapped = Object.assign(Object.create(racing) as InMemoryPolicyRepository, {
        replaceStatus: async (next: Policy, expected: Policy['status']) => {
          if (!raced) {
            raced = true;
            const current = (await racing.findById(next.id)) as Policy;
            await racing.replaceStatus(
              {
                ...current,
                status: 'cancelled',
                history: [{ from: 'pending', to: 'cancelled', at: clock.now(), userId: 'other', reason: null }],
              },
              'pending',
            );
          }
          return racing.replaceStatus(next, expected);
        },
      });
      const result = await new ChangePolicyStatus(wrapped, people, clock).execute({
        id: policy.id,
        to: 'active',
        userId: 'u1',
        reason: null,
      });
      expect(result).to.deep.equal(E.left({ _tag: 'InvalidPolicyStatusTransition', from: 'cancelled', to: 'active' }));
      expect((await racing.findById(policy.id))?.history.map((h) => h.userId)).to.deep.equal(['other']);
    });
  });

  describe('ImportPolicies', () => {
    const row = (overrides: Partial<PolicyRow> = {}): PolicyRow => ({
      policyNumber: 'AP-1',
      cpf: '52998224725',
      insurer: 'Porto Seguro',
      product: 'life',
      premiumCents: '1000',
      startDate: '2026-01-01',
      endDate: '2027-01-01',
      saleId: null,
      status: null,
      vehiclePlate: null,
      ...overrides,
    });
    async function* numbered(records: readonly NumberedRecord<PolicyRow>[]): AsyncIterable<NumberedRecord<PolicyRow>> {
      yield* records;
    }

    it(
      'inserts the rows in batches and counts the numbers already stored or repeated as duplicates; a rerun ' +
        'inserts nothing',
      async () => {
        await create({ policyNumber: 'OLD' });
        const rows = [
          row({ policyNumber: 'N1' }),
          row({ policyNumber: 'OLD', insurer: 'X' }),
          row({ policyNumber: 'N2' }),
          row({ policyNumber: 'N1' }),
        ].map((value, i) => ({ line: i + 2, value }));
        const importer = new ImportPolicies(policies, clock, ids);
        expect(await importer.execute({ records: numbered(rows) })).to.deep.equal(
          E.right({ inserted: 2, duplicates: 2, rejected: 0 }),
        );
        expect((await policies.findByNumber('OLD'))?.insurer).to.equal('Porto Seguro');
        expect(await importer.execute({ records: numbered(rows) })).to.deep.equal(
          E.right({ inserted: 0, duplicates: 4, rejected: 0 }),
        );
        expect(await importer.execute({ records: numbered([]) })).to.deep.equal(
          E.right({ inserted: 0, duplicates: 0, rejected: 0 }),
        );
      },
    );

    it('refuses a row with every problem once, an unreadable row with its reason, and goes on', async () => {
      const rejected: [number, string][] = [];
      const records: NumberedRecord<PolicyRow>[] = [
        { line: 2, value: row({ policyNumber: null, premiumCents: 'ten', startDate: null, endDate: '2020-01-01' }) },
        { line: 3, unreadable: 'expected 10 fields, got 3' },
        { line: 4, value: row({ policyNumber: 'OK-1' }) },
      ];
      const counts = await new ImportPolicies(policies, clock, ids).execute({
        records: numbered(records),
        onRejected: (line, reason) => rejected.push([line, reason]),
      });
      expect(counts).to.deep.equal(E.right({ inserted: 1, duplicates: 0, rejected: 2 }));
      expect(rejected).to.deep.equal([
        [2, 'policyNumber is required; startDate is required; premiumCents must be an integer >= 0'],
        [3, 'expected 10 fields, got 3'],
      ]);
    });
  });
});

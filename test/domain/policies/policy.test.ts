import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import {
  canTransition,
  normalizePlate,
  parseIsoDate,
  POLICY_STATUSES,
  transitionPolicy,
  validatePolicyDraft,
  type Policy,
  type PolicyDraftInput,
  type PolicyStatus,
} from '../../../src/domain/policies/policy';

const input = (overrides: Partial<PolicyDraftInput> = {}): PolicyDraftInput => ({
  policyNumber: 'AP-2026/0001.A',
  cpf: '529.982.247-25',
  saleId: null,
  insurer: ' Porto Seguro ',
  product: 'auto',
  status: null,
  premiumCents: 189_900,
  startDate: '2026-01-01',
  endDate: '2027-01-01',
  vehiclePlate: 'abc-1234',
  ...overrides,
});

const problemsOf = (overrides: Partial<PolicyDraftInput>): readonly string[] => {
  const result = validatePolicyDraft(input(overrides));
  return E.isLeft(result) ? result.left : [];
};

describe('policy rules (CONTRACT 8.6)', () => {
  describe('validation', () => {
    it(
      'a valid draft: CPF as 11 digits, trimmed text, plate upper-case without hyphen, status pending by ' + 'default',
      () => {
        expect(validatePolicyDraft(input())).to.deep.equal(
          E.right({
            policyNumber: 'AP-2026/0001.A',
            cpf: '52998224725',
            saleId: null,
            insurer: 'Porto Seguro',
            product: 'auto',
            status: 'pending',
            premiumCents: 189_900,
            startDate: '2026-01-01',
            endDate: '2027-01-01',
            vehiclePlate: 'ABC1234',
          }),
        );
        const active = validatePolicyDraft(
          input({ status: 'active', product: 'life', vehiclePlate: null, premiumCents: 0 }),
        );
        expect(
          E.isRight(active) && [active.right.status, active.right.vehiclePlate, active.right.premiumCents],
        ).to.deep.equal(['active', null, 0]);
      },
    );

    it('policyNumber: 1 to 40 of A-Z 0-9 - / .', () => {
      expect(problemsOf({ policyNumber: 'X'.repeat(40) })).to.deep.equal([]);
      for (const bad of ['', 'X'.repeat(41), 'ap-1', 'AP 1', 'AP_1', 'AÇ1']) {
        expect(problemsOf({ policyNumber: bad }), bad).to.deep.equal([
          'policyNumber must be 1 to 40 characters of A-Z, 0-9, -, / and .',
        ]);
      }
    });

    it('cpf: 11 digits with valid check digits', () => {
      for (const bad of ['529.982.247-24', '11111111111', '5299822472', 'abc']) {
        expect(problemsOf({ cpf: bad }), bad).to.deep.equal(['cpf must be a valid CPF (11 digits, check digits)']);
      }
    });

    it('product and status sets; only pending or active at creation', () => {
      expect(problemsOf({ product: 'boat' })).to.deep.equal(['product must be one of auto, life, home, travel, other']);
      for (const status of ['cancelled', 'expired', 'draft'])
        expect(problemsOf({ status }), status).to.deep.equal(['status must be one of pending, active']);
    });

    it('premiumCents: an integer >= 0', () => {
      for (const premiumCents of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
        expect(problemsOf({ premiumCents }), String(premiumCents)).to.deep.equal([
          'premiumCents must be an integer >= 0',
        ]);
      }
    });

    it('dates: real YYYY-MM-DD days, end strictly after start', () => {
      expect(problemsOf({ startDate: '2026-02-29' })).to.deep.equal(['startDate must be a date YYYY-MM-DD']);
      expect(problemsOf({ endDate: '01/01/2027' })).to.deep.equal(['endDate must be a date YYYY-MM-DD']);
      expect(problemsOf({ endDate: '2026-01-01' })).to.deep.equal(['endDate must be after startDate']);
      expect(problemsOf({ endDate: '2025-12-31' })).to.deep.equal(['endDate must be after startDate']);
      expect(problemsOf({ startDate: '2028-02-29', endDate: '2028-03-01' })).to.deep.equal([]);
      expect(parseIsoDate('2026-13-01')).to.equal(undefined);
      expect(parseIsoDate('2026-1-01')).to.equal(undefined);
    });

    it('plates: old (ABC1234, ABC-1234) and Mercosul (ABC1D23), required for auto only', () => {
      expect(normalizePlate('abc-1234')).to.equal('ABC1234');
      expect(normalizePlate('BRA2E19')).to.equal('BRA2E19');
      expect(normalizePlate('bra 2e19')).to.equal('BRA2E19');
      for (const bad of ['AB1234', 'ABC12345', 'ABC1D2E', '1BC1234', 'ABCD123'])
        expect(normalizePlate(bad), bad).to.equal(undefined);
      expect(problemsOf({ vehiclePlate: 'ABC12' })).to.deep.equal([
        'vehiclePlate must be a Brazilian plate (ABC1234 or Mercosul ABC1D23)',
      ]);
      expect(problemsOf({ vehiclePlate: null })).to.deep.equal(['vehiclePlate is required for an auto policy']);
      expect(problemsOf({ product: 'home', vehiclePlate: 'BRA2E19' })).to.deep.equal([]);
    });

    it('saleId: a UUID or null; insurer: 1 to 100 characters', () => {
      expect(problemsOf({ saleId: 'sale-1' })).to.deep.equal(['saleId must be a UUID or null']);
      expect(problemsOf({ saleId: '6FA459EA-EE8A-4CA4-894E-DB77E160355E' })).to.deep.equal([]);
      expect(problemsOf({ insurer: '  ' })).to.deep.equal(['insurer must be 1 to 100 characters']);
      expect(problemsOf({ insurer: 'x'.repeat(101) })).to.deep.equal(['insurer must be 1 to 100 characters']);
    });

    it('reports every broken rule at once', () => {
      expect(
        problemsOf({
          policyNumber: '',
          cpf: '1',
          product: 'auto',
          vehiclePlate: null,
          premiumCents: -5,
          endDate: '2020-01-01',
        }),
      ).to.deep.equal([
        'policyNumber must be 1 to 40 characters of A-Z, 0-9, -, / and .',
        'cpf must be a valid CPF (11 digits, check digits)',
        'premiumCents must be an integer >= 0',
        'endDate must be after startDate',
        'vehiclePlate is required for an auto policy',
      ]);
    });
  });

  describe('status state machine', () => {
    const ALLOWED: ReadonlyArray<[PolicyStatus, PolicyStatus]> = [
      ['pending', 'active'],
      ['pending', 'cancelled'],
      ['active', 'cancelled'],
      ['active', 'expired'],
    ];
    const policy = (status: PolicyStatus): Policy => {
      const draft = validatePolicyDraft(input());
      if (E.isLeft(draft)) throw new Error('fixture');
      const at = new Date('2026-01-01T00:00:00.000Z');
      return { id: 'p1', ...draft.right, status, history: [], createdAt: at, updatedAt: at };
    };

    it('allows exactly pending -> active|cancelled and active -> cancelled|expired (all 16 pairs checked)', () => {
      for (const from of POLICY_STATUSES) {
        for (const to of POLICY_STATUSES) {
          const allowed = ALLOWED.some(([f, t]) => f === from && t === to);
          expect(canTransition(from, to), `${from} -> ${to}`).to.equal(allowed);
        }
      }
    });

    it('an allowed move sets the status and appends {from, to, at, userId, reason} to the history', () => {
      const at = new Date('2026-03-01T12:00:00.000Z');
      const activated = transitionPolicy(policy('pending'), { to: 'active', at, userId: 'u1', reason: null });
      if (E.isLeft(activated)) throw new Error('refused');
      expect(activated.right).to.include({ status: 'active', updatedAt: at });
      const later = new Date('2026-04-01T12:00:00.000Z');
      const cancelled = transitionPolicy(activated.right, {
        to: 'cancelled',
        at: later,
        userId: 'u2',
        reason: 'customer asked',
      });
      if (E.isLeft(cancelled)) throw new Error('refused');
      expect(cancelled.right.history).to.deep.equal([
        { from: 'pending', to: 'active', at, userId: 'u1', reason: null },
        { from: 'active', to: 'cancelled', at: later, userId: 'u2', reason: 'customer asked' },
      ]);
    });

    it(
      'every forbidden move (self-moves and out of the final states included) is InvalidPolicyStatusTransition ' +
        'and changes nothing',
      () => {
        for (const from of POLICY_STATUSES) {
          for (const to of POLICY_STATUSES) {
            if (ALLOWED.some(([f, t]) => f === from && t === to)) continue;
            const result = transitionPolicy(policy(from), { to, at: new Date(), userId: 'u', reason: null });
            expect(result, `${from} -> ${to}`).to.deep.equal(
              E.left({ _tag: 'InvalidPolicyStatusTransition', from, to }),
            );
          }
        }
      },
    );
  });
});

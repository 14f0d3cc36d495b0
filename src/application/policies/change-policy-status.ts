import * as E from 'fp-ts/Either';
import { transitionPolicy, type InvalidPolicyStatusTransition, type PolicyStatus } from '../../domain/policies/policy';
import type { Clock } from '../shared/ports';
import type { PolicyNotFound } from './errors';
import { linkPersons, type LinkedPolicy } from './policy-view';
import type { PolicyPersonDirectory, PolicyRepository } from './ports';

export type ChangePolicyStatusError = PolicyNotFound | InvalidPolicyStatusTransition;

export interface ChangePolicyStatusInput {
  readonly id: string;
  readonly to: PolicyStatus;
  readonly userId: string;
  readonly reason: string | null;
}

/** How often a change re-reads after losing a race to another change of the same policy. */
const MAX_ATTEMPTS = 3;

/**
 * PATCH /api/policies/{id}/status (CONTRACT 8.6): the domain's state machine decides; the change is
 * stored only while the status it was decided on is still the stored one, so two racing changes
 * cannot both apply (the loser is judged again against the winner's status).
 */
export class ChangePolicyStatus {
  constructor(
    private readonly policies: PolicyRepository,
    private readonly people: PolicyPersonDirectory,
    private readonly clock: Clock,
  ) {}

  async execute(input: ChangePolicyStatusInput): Promise<E.Either<ChangePolicyStatusError, LinkedPolicy>> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const current = await this.policies.findById(input.id);
      if (current === undefined) return E.left({ _tag: 'PolicyNotFound' });
      const next = transitionPolicy(current, {
        to: input.to,
        at: this.clock.now(),
        userId: input.userId,
        reason: input.reason,
      });
      if (E.isLeft(next)) return next;
      if (await this.policies.replaceStatus(next.right, current.status)) {
        const [linked] = await linkPersons(this.people, [next.right]);
        return E.right(linked ?? { ...next.right, personId: null });
      }
    }
    // Every attempt lost a race: the status moved each time; the last one read decides.
    const latest = await this.policies.findById(input.id);
    if (latest === undefined) return E.left({ _tag: 'PolicyNotFound' });
    return E.left({ _tag: 'InvalidPolicyStatusTransition', from: latest.status, to: input.to });
  }
}

import * as E from 'fp-ts/Either';
import { newPolicy } from '../../domain/policies/new-policy';
import type { PolicyDraft } from '../../domain/policies/policy';
import type { Clock, IdGenerator } from '../shared/ports';
import type { PolicyNumberTaken } from './errors';
import { linkPersons, type LinkedPolicy } from './policy-view';
import type { PolicyPersonDirectory, PolicyRepository } from './ports';

/** POST /api/policies (CONTRACT 8.6): 409 on a policy number already stored. */
export class CreatePolicy {
  constructor(
    private readonly policies: PolicyRepository,
    private readonly people: PolicyPersonDirectory,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(draft: PolicyDraft): Promise<E.Either<PolicyNumberTaken, LinkedPolicy>> {
    const policy = newPolicy(draft, this.ids.next(), this.clock.now());
    if ((await this.policies.insert(policy)) === 'duplicate')
      return E.left({ _tag: 'PolicyNumberTaken', policyNumber: draft.policyNumber });
    const [linked] = await linkPersons(this.people, [policy]);
    return E.right(linked ?? { ...policy, personId: null });
  }
}

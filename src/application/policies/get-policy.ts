import * as E from 'fp-ts/Either';
import type { PolicyNotFound } from './errors';
import { linkPersons, type LinkedPolicy } from './policy-view';
import type { PolicyPersonDirectory, PolicyRepository } from './ports';

export class GetPolicy {
  constructor(
    private readonly policies: PolicyRepository,
    private readonly people: PolicyPersonDirectory,
  ) {}

  async execute(id: string): Promise<E.Either<PolicyNotFound, LinkedPolicy>> {
    const policy = await this.policies.findById(id);
    if (policy === undefined) return E.left({ _tag: 'PolicyNotFound' });
    const [linked] = await linkPersons(this.people, [policy]);
    return linked === undefined ? E.left({ _tag: 'PolicyNotFound' }) : E.right(linked);
  }
}

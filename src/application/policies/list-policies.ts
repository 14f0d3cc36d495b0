import * as E from 'fp-ts/Either';
import { linkPersons, type LinkedPolicy } from './policy-view';
import type { PolicyListFilter, PolicyPersonDirectory, PolicyRepository } from './ports';
import type { Page } from '../shared/page';

/** GET /api/policies (CONTRACT 8.6): filtered, newest first, one page with the total. */
export class ListPolicies {
  constructor(
    private readonly policies: PolicyRepository,
    private readonly people: PolicyPersonDirectory,
  ) {}

  async execute(input: {
    readonly filter: PolicyListFilter;
    readonly page: number;
    readonly limit: number;
  }): Promise<E.Either<never, Page<LinkedPolicy>>> {
    const page = await this.policies.list(input.filter, input.page, input.limit);
    return E.right({ items: await linkPersons(this.people, page.items), total: page.total });
  }
}

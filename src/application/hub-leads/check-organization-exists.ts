import * as E from 'fp-ts/Either';
import type { OrganizationRepository } from '../hub-identity/ports';

export type CheckOrganizationExistsError = { readonly _tag: 'OrganizationNotFound' };

/** CONTRACT 5.2: the internal lead routes answer 404 for an organization that does not exist. */
export class CheckOrganizationExists {
  constructor(private readonly organizations: OrganizationRepository) {}

  async execute(input: { readonly orgId: string }): Promise<E.Either<CheckOrganizationExistsError, void>> {
    return (await this.organizations.findById(input.orgId)) === undefined
      ? E.left({ _tag: 'OrganizationNotFound' })
      : E.right(undefined);
  }
}

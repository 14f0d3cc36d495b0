import * as E from 'fp-ts/Either';
import type { OrganizationRepository } from '../hub-identity/ports';
import type { CrmCredentials, CrmCredentialsRepository } from './ports';

export type SetCrmCredentialsError = { readonly _tag: 'OrganizationNotFound' };

/** `hub set-crm-credentials` (CONTRACT 6.1): the endpoint and token card.create reads cards with. */
export class SetCrmCredentials {
  constructor(
    private readonly organizations: OrganizationRepository,
    private readonly credentials: CrmCredentialsRepository,
  ) {}

  async execute(input: { readonly orgId: string } & CrmCredentials): Promise<E.Either<SetCrmCredentialsError, void>> {
    if ((await this.organizations.findById(input.orgId)) === undefined) return E.left({ _tag: 'OrganizationNotFound' });
    await this.credentials.set(input.orgId, { endpoint: input.endpoint, token: input.token });
    return E.right(undefined);
  }
}

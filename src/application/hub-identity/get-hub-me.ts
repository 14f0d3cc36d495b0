import * as E from 'fp-ts/Either';
import type { Role } from '../../domain/hub-identity/role';
import type { HubUserRepository, OrganizationRepository } from './ports';

export interface GetHubMeInput {
  readonly userId: string;
  readonly orgId: string;
  readonly role: Role;
  readonly permissions: readonly string[];
}

export interface GetHubMeOutput {
  readonly user: { readonly id: string; readonly email: string; readonly name: string; readonly language: string };
  readonly org: { readonly id: string; readonly name: string; readonly role: string };
  readonly permissions: readonly string[];
}

export type GetHubMeError = { readonly _tag: 'AccountGone' };

/** GET /auth/me (CONTRACT 5.2): role and permissions are the access token's, as the guards see them. */
export class GetHubMe {
  constructor(
    private readonly users: HubUserRepository,
    private readonly organizations: OrganizationRepository,
  ) {}

  async execute(input: GetHubMeInput): Promise<E.Either<GetHubMeError, GetHubMeOutput>> {
    const [user, org] = await Promise.all([
      this.users.findById(input.userId),
      this.organizations.findById(input.orgId),
    ]);
    if (user === undefined || org === undefined) return E.left({ _tag: 'AccountGone' });
    return E.right({
      user: { id: user.id, email: user.email, name: user.name, language: user.language },
      org: { id: org.id, name: org.name, role: input.role },
      permissions: input.permissions,
    });
  }
}

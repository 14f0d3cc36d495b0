import * as E from 'fp-ts/Either';
import type { Email } from '../../domain/hub-identity/email';
import type { Role } from '../../domain/hub-identity/role';
import { DEFAULT_LANGUAGE, type HubUser } from '../../domain/hub-identity/tenancy';
import type { Clock, IdGenerator, PasswordHasher } from '../shared/ports';
import type { HubUserRepository, MembershipRepository, OrganizationRepository } from './ports';

export interface CreateHubUserInput {
  readonly email: Email;
  readonly password: string;
  readonly name: string;
  readonly language?: string;
  /** Without it the user has no membership (login then answers 403, CONTRACT 7). */
  readonly membership?: { readonly orgId: string; readonly role: Role; readonly permissions: readonly string[] };
}

export type CreateHubUserError = { readonly _tag: 'EmailTaken' } | { readonly _tag: 'OrganizationNotFound' };

/** `hub create-user` (CONTRACT 2). */
export class CreateHubUser {
  constructor(
    private readonly users: HubUserRepository,
    private readonly memberships: MembershipRepository,
    private readonly organizations: OrganizationRepository,
    private readonly passwords: PasswordHasher,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: CreateHubUserInput): Promise<E.Either<CreateHubUserError, HubUser>> {
    const { membership } = input;
    if (membership !== undefined && (await this.organizations.findById(membership.orgId)) === undefined) {
      return E.left({ _tag: 'OrganizationNotFound' });
    }
    const user: HubUser = {
      id: this.ids.next(),
      email: input.email,
      name: input.name,
      language: input.language ?? DEFAULT_LANGUAGE,
      passwordHash: await this.passwords.hash(input.password),
    };
    if (!(await this.users.create(user))) return E.left({ _tag: 'EmailTaken' });
    if (membership !== undefined) {
      // Only CLIENT memberships keep permission records (CONTRACT 5.2); other roles resolve from the role.
      const permissions = membership.role === 'CLIENT' ? membership.permissions : [];
      await this.memberships.add({ userId: user.id, orgId: membership.orgId, role: membership.role, permissions, joinedAt: this.clock.now() });
    }
    return E.right(user);
  }
}

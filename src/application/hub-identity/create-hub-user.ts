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

/**
 * `hub create-user` (CONTRACT 2). With a membership, the user insert is the commit point and comes
 * last (CONTRACT 10.2, docs/decisions.md "Hub identity"): the membership first, under the drawn user id, then the
 * user. A process killed between them leaves a membership of a user that never existed, which no
 * read reaches (every read starts from a user) and `check-data --repair` removes; running the command
 * again creates the user afresh. The unique e-mail still decides: a creation that loses it takes its
 * membership back.
 */
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
    // A taken e-mail writes nothing (the common case; a race is decided by the unique index below).
    if ((await this.users.findByEmail(input.email)) !== undefined) return E.left({ _tag: 'EmailTaken' });
    const user = await newHubUser(this.ids.next(), input, this.passwords);
    if (membership !== undefined) {
      // Only CLIENT memberships keep permission records (CONTRACT 5.2); other roles resolve from the role.
      const permissions = membership.role === 'CLIENT' ? membership.permissions : [];
      await this.memberships.add({
        userId: user.id,
        orgId: membership.orgId,
        role: membership.role,
        permissions,
        joinedAt: this.clock.now(),
      });
    }
    if (!(await this.users.create(user))) {
      if (membership !== undefined) await this.memberships.remove(user.id, membership.orgId);
      return E.left({ _tag: 'EmailTaken' });
    }
    return E.right(user);
  }
}

/** A new hub user: the e-mail as given (normalized), the password hashed, the default language. */
export async function newHubUser(
  id: string,
  input: { readonly email: Email; readonly password: string; readonly name: string; readonly language?: string },
  passwords: PasswordHasher,
): Promise<HubUser> {
  return {
    id,
    email: input.email,
    name: input.name,
    language: input.language ?? DEFAULT_LANGUAGE,
    passwordHash: await passwords.hash(input.password),
  };
}

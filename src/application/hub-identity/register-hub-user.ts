import * as E from 'fp-ts/Either';
import type { Email } from '../../domain/hub-identity/email';
import type { Clock } from '../shared/ports';
import type { CreateHubUser } from './create-hub-user';
import type { CreateOrganization } from './create-organization';
import type { MembershipRepository, OrganizationRepository } from './ports';
import type { HubSession, SessionIssuer } from './session-issuer';

export interface RegisterHubUserInput {
  readonly email: Email;
  readonly password: string;
  readonly name: string;
  readonly organizationName: string;
}

export type RegisterHubUserError = { readonly _tag: 'EmailTaken' };

/**
 * POST /auth/register (CONTRACT 5.2): a user, an organization with that user as OWNER, and a session.
 * The user is created first so that a taken e-mail creates nothing else.
 */
export class RegisterHubUser {
  constructor(
    private readonly createUser: CreateHubUser,
    private readonly createOrganization: CreateOrganization,
    private readonly memberships: MembershipRepository,
    private readonly organizations: OrganizationRepository,
    private readonly sessions: SessionIssuer,
    private readonly clock: Clock,
  ) {}

  async execute(input: RegisterHubUserInput): Promise<E.Either<RegisterHubUserError, HubSession>> {
    const user = await this.createUser.execute({ email: input.email, password: input.password, name: input.name });
    if (E.isLeft(user)) return E.left({ _tag: 'EmailTaken' });
    const org = await this.createOrganization.execute({ name: input.organizationName });
    // A derived slug always ends up free (random suffixes); running out of them is a fault.
    if (E.isLeft(org)) throw new Error(`no free slug for ${org.left.slug}`);
    const now = this.clock.now();
    const membership = { userId: user.right.id, orgId: org.right.id, role: 'OWNER' as const, permissions: [], joinedAt: now };
    await this.memberships.add(membership);
    return E.right(await this.sessions.start(user.right, membership, org.right, now));
  }
}

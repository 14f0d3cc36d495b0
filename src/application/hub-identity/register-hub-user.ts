import * as E from 'fp-ts/Either';
import type { Email } from '../../domain/hub-identity/email';
import type { Membership } from '../../domain/hub-identity/tenancy';
import type { Clock, IdGenerator, PasswordHasher } from '../shared/ports';
import { newHubUser } from './create-hub-user';
import type { CreateOrganization } from './create-organization';
import type { HubUserRepository, MembershipRepository, OrganizationRepository } from './ports';
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
 *
 * The user insert is the commit point and comes last (CONTRACT 10.2, docs/decisions.md "Hub identity"): a taken
 * e-mail is answered first with no write; then, under the drawn user and organization ids, the
 * membership, the organization (`foundedBy` the user), the session's refresh token, and the user.
 * A process killed before the user insert leaves documents that name a user who never existed:
 * nothing reaches them (every hub read starts from a user, a token the client holds or an id it was
 * sent, and nothing was sent), and `check-data --repair` removes the membership and the organization
 * (hub-memberships-without-user); the refresh token expires. The client's retry registers afresh.
 * The unique e-mail still decides a race: the loser takes back its organization and membership.
 */
export class RegisterHubUser {
  constructor(
    private readonly users: HubUserRepository,
    private readonly memberships: MembershipRepository,
    private readonly organizations: OrganizationRepository,
    private readonly createOrganization: CreateOrganization,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionIssuer,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: RegisterHubUserInput): Promise<E.Either<RegisterHubUserError, HubSession>> {
    if ((await this.users.findByEmail(input.email)) !== undefined) return E.left({ _tag: 'EmailTaken' });
    const user = await newHubUser(this.ids.next(), input, this.passwords);
    const now = this.clock.now();
    const membership: Membership = {
      userId: user.id,
      orgId: this.ids.next(),
      role: 'OWNER',
      permissions: [],
      joinedAt: now,
    };
    await this.memberships.add(membership);
    const org = await this.createOrganization.execute({
      id: membership.orgId,
      name: input.organizationName,
      foundedBy: user.id,
    });
    // A derived slug always ends up free (random suffixes); running out of them is a fault.
    if (E.isLeft(org)) throw new Error(`no free slug for ${org.left.slug}`);
    const session = await this.sessions.start(user, membership, org.right, now);
    if (!(await this.users.create(user))) {
      // Lost the e-mail to a concurrent registration: nobody holds this session (its answer is not sent).
      await this.organizations.removeFoundedBy(org.right.id, user.id);
      await this.memberships.remove(user.id, org.right.id);
      return E.left({ _tag: 'EmailTaken' });
    }
    return E.right(session);
  }
}

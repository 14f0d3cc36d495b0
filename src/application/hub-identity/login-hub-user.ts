import * as E from 'fp-ts/Either';
import type { Email } from '../../domain/hub-identity/email';
import type { Clock, PasswordHasher } from '../shared/ports';
import type { HubUserRepository, MembershipRepository, OrganizationRepository } from './ports';
import type { HubSession, SessionIssuer } from './session-issuer';

export interface LoginHubUserInput {
  readonly email: Email;
  readonly password: string;
}

export type LoginHubUserError = { readonly _tag: 'InvalidCredentials' } | { readonly _tag: 'NoMembership' };

export class LoginHubUser {
  constructor(
    private readonly users: HubUserRepository,
    private readonly memberships: MembershipRepository,
    private readonly organizations: OrganizationRepository,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionIssuer,
    private readonly clock: Clock,
  ) {}

  async execute(input: LoginHubUserInput): Promise<E.Either<LoginHubUserError, HubSession>> {
    // A saturated hasher refuses before the lookup: a login flood costs no database work (CONTRACT 9.5).
    await this.passwords.checkCapacity();
    const user = await this.users.findByEmail(input.email);
    // Unknown e-mail costs one real verification too, so timing does not reveal which accounts exist.
    const valid =
      user === undefined
        ? await this.passwords.verifyAgainstDummy(input.password)
        : await this.passwords.verify(user.passwordHash, input.password);
    if (user === undefined || !valid) return E.left({ _tag: 'InvalidCredentials' });
    const membership = await this.memberships.latestOf(user.id);
    const org = membership === undefined ? undefined : await this.organizations.findById(membership.orgId);
    if (membership === undefined || org === undefined) return E.left({ _tag: 'NoMembership' });
    return E.right(await this.sessions.start(user, membership, org, this.clock.now()));
  }
}

import { HubSessionEnding } from '../../src/application/hub-identity/hub-session-ending';
import { SessionIssuer } from '../../src/application/hub-identity/session-issuer';
import { EndedSessionList } from '../../src/application/shared/ended-sessions/ended-session-list';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../src/domain/hub-identity/refresh-token';
import { InMemoryEndedSessionStore } from './fakes/in-memory-ended-session-store';
import type { Role } from '../../src/domain/hub-identity/role';
import type { HubUser, Membership, Organization } from '../../src/domain/hub-identity/tenancy';
import { email } from './contracts/hub-user-repository-contract';
import { CapturingMailer } from './fakes/capturing-mailer';
import { FakeAccessTokenIssuer } from './fakes/fake-access-token-issuer';
import { FastPasswordHasher } from './fakes/fast-password-hasher';
import { ManualClock } from './fakes/fixed-clock';
import { Fnv1aSecretHasher } from './fakes/fnv1a-secret-hasher';
import { InMemoryHubRefreshTokenStore } from './fakes/in-memory-hub-refresh-token-store';
import { InMemoryHubResetTokenStore } from './fakes/in-memory-hub-reset-token-store';
import { InMemoryHubUserRepository } from './fakes/in-memory-hub-user-repository';
import { InMemoryMembershipRepository } from './fakes/in-memory-membership-repository';
import { InMemoryOrganizationRepository } from './fakes/in-memory-organization-repository';
import { SequentialIdGenerator } from './fakes/sequential-id-generator';
import { SequentialSecretGenerator } from './fakes/sequential-secret-generator';
import { WriteFaults } from './fakes/write-faults';

export { email };

/**
 * Every port of the hub-identity use cases, as fakes, plus a few seeding helpers for their tests. The
 * stores that register and create-user write share `faults`: a test can kill the process before any
 * of their writes.
 */
export function hubIdentityFakes() {
  const faults = new WriteFaults();
  const fakes = {
    faults,
    organizations: new InMemoryOrganizationRepository(faults),
    users: new InMemoryHubUserRepository(faults),
    memberships: new InMemoryMembershipRepository(faults),
    refreshTokens: new InMemoryHubRefreshTokenStore(faults),
    resetTokens: new InMemoryHubResetTokenStore(faults),
    accessTokens: new FakeAccessTokenIssuer(),
    passwords: new FastPasswordHasher(),
    ids: new SequentialIdGenerator(),
    secrets: new SequentialSecretGenerator(),
    hasher: new Fnv1aSecretHasher(),
    clock: new ManualClock(),
    mailer: new CapturingMailer(),
  };
  const sessions = new SessionIssuer(fakes.refreshTokens, fakes.accessTokens, fakes.secrets, fakes.hasher);
  const endedSessions = new EndedSessionList(
    new InMemoryEndedSessionStore(faults),
    fakes.clock,
    ACCESS_TOKEN_TTL_SECONDS,
  );
  const ending = new HubSessionEnding(fakes.refreshTokens, endedSessions);

  async function seedOrganization(name = 'Acme Motors'): Promise<Organization> {
    const organization: Organization = {
      id: fakes.ids.next(),
      name,
      slug: `org-${fakes.ids.next().slice(-6)}`,
      createdAt: fakes.clock.now(),
    };
    await fakes.organizations.create(organization);
    return organization;
  }

  async function seedUser(address = 'ana@example.com', password = 'correct-horse-9'): Promise<HubUser> {
    const user: HubUser = {
      id: fakes.ids.next(),
      email: email(address),
      name: 'Ana',
      language: 'pt-BR',
      passwordHash: await fakes.passwords.hash(password),
    };
    await fakes.users.create(user);
    return user;
  }

  async function seedMembership(
    user: HubUser,
    organization: Organization,
    role: Role = 'MEMBER',
    permissions: readonly string[] = [],
  ): Promise<Membership> {
    const membership: Membership = {
      userId: user.id,
      orgId: organization.id,
      role,
      permissions,
      joinedAt: fakes.clock.now(),
    };
    await fakes.memberships.add(membership);
    return membership;
  }

  /** A logged-in member: user, organization, membership and the refresh token of a fresh session. */
  async function seedSession(role: Role = 'MEMBER') {
    const organization = await seedOrganization();
    const user = await seedUser();
    const membership = await seedMembership(user, organization, role);
    const session = await sessions.start(user, membership, organization, fakes.clock.now());
    return { organization, user, membership, refreshToken: session.refreshToken };
  }

  /** The stored record of a refresh token the client holds. */
  const recordOf = (refreshToken: string) => fakes.refreshTokens.findByHash(fakes.hasher.hash(refreshToken));

  return {
    ...fakes,
    sessions,
    endedSessions,
    ending,
    seedOrganization,
    seedUser,
    seedMembership,
    seedSession,
    recordOf,
  };
}

export type HubIdentityFakes = ReturnType<typeof hubIdentityFakes>;

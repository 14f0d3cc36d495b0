import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { CreateOrganization } from '../../../src/application/hub-identity/create-organization';
import { LoginHubUser } from '../../../src/application/hub-identity/login-hub-user';
import { RegisterHubUser } from '../../../src/application/hub-identity/register-hub-user';
import type { Email } from '../../../src/domain/hub-identity/email';
import type { HubUser, Membership, Organization } from '../../../src/domain/hub-identity/tenancy';
import { InMemoryHubUserRepository } from '../../support/fakes/in-memory-hub-user-repository';
import { ProcessDied } from '../../support/fakes/write-faults';
import { email, hubIdentityFakes, type HubIdentityFakes } from '../../support/hub-identity-fakes';

describe('RegisterHubUser', () => {
  let f: HubIdentityFakes;
  let register: RegisterHubUser;
  const registerWith = (users: InMemoryHubUserRepository) =>
    new RegisterHubUser(
      users,
      f.memberships,
      f.organizations,
      new CreateOrganization(f.organizations, f.ids, f.secrets, f.clock),
      f.passwords,
      f.sessions,
      f.ids,
      f.clock,
    );
  beforeEach(() => {
    f = hubIdentityFakes();
    register = registerWith(f.users);
  });
  const input = {
    email: email('ana@example.com'),
    password: 'correct-horse-9',
    name: 'Ana',
    organizationName: 'Acme Motors',
  };
  const login = () =>
    new LoginHubUser(f.users, f.memberships, f.organizations, f.passwords, f.sessions, f.clock).execute({
      email: input.email,
      password: input.password,
    });

  it(
    'creates the user, an organization with the user as OWNER (founded by it), and a session (CONTRACT ' + '5.2)',
    async () => {
      const result = await register.execute(input);
      if (E.isLeft(result)) throw new Error(result.left._tag);
      const { user, org } = result.right;
      expect(org).to.deep.include({ name: 'Acme Motors', role: 'OWNER' });
      expect(await f.organizations.findById(org.id)).to.deep.include({
        name: 'Acme Motors',
        slug: 'acme-motors',
        foundedBy: user.id,
      });
      expect(await f.memberships.find(user.id, org.id)).to.deep.include({ role: 'OWNER', permissions: [] });
      const stored = await f.users.findByEmail(input.email);
      expect(stored?.id).to.equal(user.id);
      expect(await f.passwords.verify(stored?.passwordHash ?? '', input.password)).to.equal(true);
      expect(await f.recordOf(result.right.refreshToken)).to.deep.include({ userId: user.id, orgId: org.id });
      expect(f.accessTokens.verify(result.right.accessToken, f.clock.now())).to.deep.include({
        userId: user.id,
        role: 'OWNER',
      });
    },
  );

  it('EmailTaken for a registered e-mail, creating no organization, membership or session', async () => {
    const existing = await f.seedUser('ana@example.com');
    f.faults.revive();
    expect(await register.execute(input)).to.deep.equal(E.left({ _tag: 'EmailTaken' }));
    expect(f.faults.writes).to.deep.equal([]);
    expect(await f.memberships.latestOf(existing.id)).to.equal(undefined);
    expect(f.refreshTokens.all()).to.deep.equal([]);
    // The slug the organization would have had is still free.
    const created = await new CreateOrganization(f.organizations, f.ids, f.secrets, f.clock).execute({
      name: 'Acme Motors',
    });
    expect(E.isRight(created) && created.right.slug).to.equal('acme-motors');
  });

  it(
    'EmailTaken when a concurrent registration takes the e-mail at the user insert: its organization and ' +
      'membership are taken back',
    async () => {
      const racing = new (class extends InMemoryHubUserRepository {
        override async findByEmail(address: Email): Promise<HubUser | undefined> {
          const seen = await super.findByEmail(address);
          // The other registration commits right after this one looked.
          await super.create({ id: 'racer', email: address, name: 'Racer', language: 'pt-BR', passwordHash: 'h' });
          return seen;
        }
      })();
      expect(await registerWith(racing).execute(input)).to.deep.equal(E.left({ _tag: 'EmailTaken' }));
      expect(f.memberships.all()).to.deep.equal([]);
      expect(f.organizations.all()).to.deep.equal([]);
    },
  );

  /**
   * CONTRACT 10.2, docs/decisions.md "Hub identity": the user insert is the commit point, written last. Killed
   * before any write, the same registration again answers 201 and the account logs in; what the dead
   * attempt left names a user who never existed (the leftovers check-data --repair removes).
   */
  describe('killed before any of its writes, then registered again', () => {
    const WRITES = [
      'hub_memberships.insert',
      'hub_organizations.insert',
      'hub_refresh_tokens.insert',
      'hub_users.insert',
    ];

    it('makes exactly these writes when nothing fails, the user last', async () => {
      f.faults.revive();
      expect(E.isRight(await register.execute(input))).to.equal(true);
      expect(f.faults.writes).to.deep.equal(WRITES);
    });

    for (const [index, write] of WRITES.entries()) {
      it(
        `killed before write ${index + 1} (${write}): the retry is 201, login works, the leftovers name no ` +
          'existing user',
        async () => {
          f.faults.dieAt(index + 1);
          expect(await register.execute(input).catch((error: unknown) => error)).to.be.instanceOf(ProcessDied);
          f.faults.revive();
          expect(await f.users.findByEmail(input.email), 'nothing committed').to.equal(undefined);

          const retry = await register.execute(input);
          if (E.isLeft(retry)) throw new Error(`the retry answered ${retry.left._tag}`);
          const { user, org } = retry.right;
          expect(org).to.deep.include({ name: 'Acme Motors', role: 'OWNER' });
          const loggedIn = await login();
          if (E.isLeft(loggedIn)) throw new Error(`login answered ${loggedIn.left._tag}`);
          expect(loggedIn.right.org).to.deep.equal(org);
          expect(loggedIn.right.user.id).to.equal(user.id);

          // Left behind: only documents of the dead attempt, whose user does not exist.
          const leftMemberships: Membership[] = [];
          for (const m of f.memberships.all())
            if ((await f.users.findById(m.userId)) === undefined) leftMemberships.push(m);
          const leftOrgs: Organization[] = [];
          for (const o of f.organizations.all())
            if (o.foundedBy !== undefined && (await f.users.findById(o.foundedBy)) === undefined) leftOrgs.push(o);
          expect(leftMemberships, 'memberships without their user').to.have.length(index >= 1 ? 1 : 0);
          expect(leftOrgs, 'organizations without their founder').to.have.length(index >= 2 ? 1 : 0);
          expect(
            leftMemberships.every(
              (m) => m.userId !== user.id && leftOrgs.every((o) => o.foundedBy === m.userId && o.id === m.orgId),
            ),
          ).to.equal(true);
          expect(f.memberships.all().filter((m) => m.userId === user.id)).to.have.length(1);
        },
      );
    }
  });
});

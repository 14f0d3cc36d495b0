import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { CreateHubUser } from '../../../src/application/hub-identity/create-hub-user';
import { LoginHubUser } from '../../../src/application/hub-identity/login-hub-user';
import type { Email } from '../../../src/domain/hub-identity/email';
import type { HubUser } from '../../../src/domain/hub-identity/tenancy';
import { InMemoryHubUserRepository } from '../../support/fakes/in-memory-hub-user-repository';
import { ProcessDied } from '../../support/fakes/write-faults';
import { email, hubIdentityFakes, type HubIdentityFakes } from '../../support/hub-identity-fakes';

describe('CreateHubUser', () => {
  let f: HubIdentityFakes;
  let create: CreateHubUser;
  beforeEach(() => {
    f = hubIdentityFakes();
    create = new CreateHubUser(f.users, f.memberships, f.organizations, f.passwords, f.ids, f.clock);
  });

  it('creates a user with a hashed password and the default language, without a membership', async () => {
    const result = await create.execute({ email: email('ana@example.com'), password: 'correct-horse-9', name: 'Ana' });
    if (E.isLeft(result)) throw new Error(result.left._tag);
    expect(result.right).to.deep.include({ email: 'ana@example.com', name: 'Ana', language: 'pt-BR' });
    expect(await f.users.findById(result.right.id)).to.deep.equal(result.right);
    expect(result.right.passwordHash).not.to.contain('correct-horse-9');
    expect(await f.passwords.verify(result.right.passwordHash, 'correct-horse-9')).to.equal(true);
    expect(await f.memberships.latestOf(result.right.id)).to.equal(undefined);
  });

  it('keeps permission records for a CLIENT membership only (CONTRACT 5.2)', async () => {
    const organization = await f.seedOrganization();
    const client = await create.execute({
      email: email('c@example.com'),
      password: 'correct-horse-9',
      name: 'C',
      membership: { orgId: organization.id, role: 'CLIENT', permissions: ['leads:read'] },
    });
    const member = await create.execute({
      email: email('m@example.com'),
      password: 'correct-horse-9',
      name: 'M',
      language: 'en-US',
      membership: { orgId: organization.id, role: 'MEMBER', permissions: ['leads:read'] },
    });
    if (E.isLeft(client) || E.isLeft(member)) throw new Error('expected two users');
    expect(await f.memberships.find(client.right.id, organization.id)).to.deep.equal({
      userId: client.right.id,
      orgId: organization.id,
      role: 'CLIENT',
      permissions: ['leads:read'],
      joinedAt: f.clock.now(),
    });
    expect(await f.memberships.find(member.right.id, organization.id)).to.deep.include({
      role: 'MEMBER',
      permissions: [],
    });
    expect(member.right.language).to.equal('en-US');
  });

  it('EmailTaken for a registered e-mail, adding no membership (and writing nothing)', async () => {
    const existing = await f.seedUser('ana@example.com');
    const organization = await f.seedOrganization();
    f.faults.revive();
    const result = await create.execute({
      email: email('ana@example.com'),
      password: 'another-pass-1',
      name: 'Other',
      membership: { orgId: organization.id, role: 'OWNER', permissions: [] },
    });
    expect(result).to.deep.equal(E.left({ _tag: 'EmailTaken' }));
    expect(await f.users.findByEmail(email('ana@example.com'))).to.deep.equal(existing);
    expect(await f.memberships.latestOf(existing.id)).to.equal(undefined);
    expect(f.faults.writes).to.deep.equal([]);
    expect(f.passwords.calls.hash).to.equal(1);
  });

  it(
    'EmailTaken when a concurrent creation takes the e-mail at the user insert: the membership written for it is ' +
      'taken back',
    async () => {
      const organization = await f.seedOrganization();
      const racing = new (class extends InMemoryHubUserRepository {
        override async findByEmail(address: Email): Promise<HubUser | undefined> {
          const seen = await super.findByEmail(address);
          await super.create({ id: 'racer', email: address, name: 'Racer', language: 'pt-BR', passwordHash: 'h' });
          return seen;
        }
      })();
      const raced = new CreateHubUser(racing, f.memberships, f.organizations, f.passwords, f.ids, f.clock);
      const result = await raced.execute({
        email: email('ana@example.com'),
        password: 'correct-horse-9',
        name: 'Ana',
        membership: { orgId: organization.id, role: 'ADMIN', permissions: [] },
      });
      expect(result).to.deep.equal(E.left({ _tag: 'EmailTaken' }));
      expect(f.memberships.all()).to.deep.equal([]);
    },
  );

  /**
   * CONTRACT 10.2, docs/decisions.md "Hub identity": with --org, the membership first, then the user (the commit
   * point). Killed before either, the same command again creates a user that logs in; the dead
   * attempt leaves at most a membership of a user that never existed.
   */
  describe('with a membership, killed before any of its writes, then run again', () => {
    const WRITES = ['hub_memberships.insert', 'hub_users.insert'];
    const command = (orgId: string) => ({
      email: email('ana@example.com'),
      password: 'correct-horse-9',
      name: 'Ana',
      membership: { orgId, role: 'ADMIN' as const, permissions: [] },
    });

    it('makes exactly these writes when nothing fails, the user last', async () => {
      const organization = await f.seedOrganization();
      f.faults.revive();
      expect(E.isRight(await create.execute(command(organization.id)))).to.equal(true);
      expect(f.faults.writes).to.deep.equal(WRITES);
    });

    for (const [index, write] of WRITES.entries()) {
      it(
        `killed before write ${index + 1} (${write}): run again, the user is created and logs in as ADMIN of the ` +
          'organization',
        async () => {
          const organization = await f.seedOrganization();
          f.faults.dieAt(index + 1);
          expect(await create.execute(command(organization.id)).catch((error: unknown) => error)).to.be.instanceOf(
            ProcessDied,
          );
          f.faults.revive();
          expect(await f.users.findByEmail(email('ana@example.com'))).to.equal(undefined);

          const again = await create.execute(command(organization.id));
          if (E.isLeft(again)) throw new Error(`run again: ${again.left._tag}`);
          const session = await new LoginHubUser(
            f.users,
            f.memberships,
            f.organizations,
            f.passwords,
            f.sessions,
            f.clock,
          ).execute({ email: email('ana@example.com'), password: 'correct-horse-9' });
          if (E.isLeft(session)) throw new Error(`login answered ${session.left._tag}`);
          expect(session.right.org).to.deep.equal({ id: organization.id, name: organization.name, role: 'ADMIN' });
          const orphans = f.memberships.all().filter((m) => m.userId !== again.right.id);
          expect(orphans).to.have.length(index);
          for (const orphan of orphans) expect(await f.users.findById(orphan.userId)).to.equal(undefined);
        },
      );
    }
  });

  it('OrganizationNotFound for an unknown organization, creating no user', async () => {
    const result = await create.execute({
      email: email('ana@example.com'),
      password: 'correct-horse-9',
      name: 'Ana',
      membership: { orgId: 'no-such-org', role: 'MEMBER', permissions: [] },
    });
    expect(result).to.deep.equal(E.left({ _tag: 'OrganizationNotFound' }));
    expect(await f.users.findByEmail(email('ana@example.com'))).to.equal(undefined);
    expect(f.passwords.calls.hash).to.equal(0);
  });
});

import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { CreateHubUser } from '../../../src/application/hub-identity/create-hub-user';
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
    const client = await create.execute({ email: email('c@example.com'), password: 'correct-horse-9', name: 'C', membership: { orgId: organization.id, role: 'CLIENT', permissions: ['leads:read'] } });
    const member = await create.execute({ email: email('m@example.com'), password: 'correct-horse-9', name: 'M', language: 'en-US', membership: { orgId: organization.id, role: 'MEMBER', permissions: ['leads:read'] } });
    if (E.isLeft(client) || E.isLeft(member)) throw new Error('expected two users');
    expect(await f.memberships.find(client.right.id, organization.id)).to.deep.equal({ userId: client.right.id, orgId: organization.id, role: 'CLIENT', permissions: ['leads:read'], joinedAt: f.clock.now() });
    expect(await f.memberships.find(member.right.id, organization.id)).to.deep.include({ role: 'MEMBER', permissions: [] });
    expect(member.right.language).to.equal('en-US');
  });

  it('EmailTaken for a registered e-mail, adding no membership', async () => {
    const existing = await f.seedUser('ana@example.com');
    const organization = await f.seedOrganization();
    const result = await create.execute({ email: email('ana@example.com'), password: 'another-pass-1', name: 'Other', membership: { orgId: organization.id, role: 'OWNER', permissions: [] } });
    expect(result).to.deep.equal(E.left({ _tag: 'EmailTaken' }));
    expect(await f.users.findByEmail(email('ana@example.com'))).to.deep.equal(existing);
    expect(await f.memberships.latestOf(existing.id)).to.equal(undefined);
  });

  it('OrganizationNotFound for an unknown organization, creating no user', async () => {
    const result = await create.execute({ email: email('ana@example.com'), password: 'correct-horse-9', name: 'Ana', membership: { orgId: 'no-such-org', role: 'MEMBER', permissions: [] } });
    expect(result).to.deep.equal(E.left({ _tag: 'OrganizationNotFound' }));
    expect(await f.users.findByEmail(email('ana@example.com'))).to.equal(undefined);
    expect(f.passwords.calls.hash).to.equal(0);
  });
});

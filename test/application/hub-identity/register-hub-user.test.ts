import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { CreateHubUser } from '../../../src/application/hub-identity/create-hub-user';
import { CreateOrganization } from '../../../src/application/hub-identity/create-organization';
import { RegisterHubUser } from '../../../src/application/hub-identity/register-hub-user';
import { email, hubIdentityFakes, type HubIdentityFakes } from '../../support/hub-identity-fakes';

describe('RegisterHubUser', () => {
  let f: HubIdentityFakes;
  let register: RegisterHubUser;
  beforeEach(() => {
    f = hubIdentityFakes();
    const createUser = new CreateHubUser(f.users, f.memberships, f.organizations, f.passwords, f.ids, f.clock);
    const createOrganization = new CreateOrganization(f.organizations, f.ids, f.secrets, f.clock);
    register = new RegisterHubUser(createUser, createOrganization, f.memberships, f.organizations, f.sessions, f.clock);
  });
  const input = { email: email('ana@example.com'), password: 'correct-horse-9', name: 'Ana', organizationName: 'Acme Motors' };

  it('creates the user, an organization with the user as OWNER, and a session (CONTRACT 5.2)', async () => {
    const result = await register.execute(input);
    if (E.isLeft(result)) throw new Error(result.left._tag);
    const { user, org } = result.right;
    expect(org).to.deep.include({ name: 'Acme Motors', role: 'OWNER' });
    expect(await f.organizations.findById(org.id)).to.deep.include({ name: 'Acme Motors', slug: 'acme-motors' });
    expect(await f.memberships.find(user.id, org.id)).to.deep.include({ role: 'OWNER', permissions: [] });
    const stored = await f.users.findByEmail(input.email);
    expect(stored?.id).to.equal(user.id);
    expect(await f.passwords.verify(stored?.passwordHash ?? '', input.password)).to.equal(true);
    expect(await f.recordOf(result.right.refreshToken)).to.deep.include({ userId: user.id, orgId: org.id });
    expect(f.accessTokens.verify(result.right.accessToken, f.clock.now())).to.deep.include({ userId: user.id, role: 'OWNER' });
  });

  it('EmailTaken for a registered e-mail, creating no organization, membership or session', async () => {
    const existing = await f.seedUser('ana@example.com');
    expect(await register.execute(input)).to.deep.equal(E.left({ _tag: 'EmailTaken' }));
    expect(await f.memberships.latestOf(existing.id)).to.equal(undefined);
    expect(f.refreshTokens.all()).to.deep.equal([]);
    // The slug the organization would have had is still free.
    const created = await new CreateOrganization(f.organizations, f.ids, f.secrets, f.clock).execute({ name: 'Acme Motors' });
    expect(E.isRight(created) && created.right.slug).to.equal('acme-motors');
  });
});

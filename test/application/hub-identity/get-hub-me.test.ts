import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { GetHubMe } from '../../../src/application/hub-identity/get-hub-me';
import { hubIdentityFakes, type HubIdentityFakes } from '../../support/hub-identity-fakes';

describe('GetHubMe', () => {
  let f: HubIdentityFakes;
  let me: GetHubMe;
  beforeEach(() => {
    f = hubIdentityFakes();
    me = new GetHubMe(f.users, f.organizations);
  });

  it("answers the user, the token's organization and role, and the token's permissions (CONTRACT 5.2)", async () => {
    const { user, organization } = await f.seedSession('MEMBER');
    const result = await me.execute({
      userId: user.id,
      orgId: organization.id,
      role: 'CLIENT',
      permissions: ['leads:read'],
    });
    expect(result).to.deep.equal(
      E.right({
        user: { id: user.id, email: user.email, name: user.name, language: user.language },
        org: { id: organization.id, name: organization.name, role: 'CLIENT' },
        permissions: ['leads:read'],
      }),
    );
  });

  it('AccountGone when the user no longer exists', async () => {
    const { user, organization } = await f.seedSession();
    f.users.delete(user.id);
    expect(
      await me.execute({ userId: user.id, orgId: organization.id, role: 'MEMBER', permissions: [] }),
    ).to.deep.equal(E.left({ _tag: 'AccountGone' }));
  });

  it('AccountGone when the organization no longer exists', async () => {
    const { user } = await f.seedSession();
    expect(await me.execute({ userId: user.id, orgId: 'gone-org', role: 'MEMBER', permissions: [] })).to.deep.equal(
      E.left({ _tag: 'AccountGone' }),
    );
  });
});

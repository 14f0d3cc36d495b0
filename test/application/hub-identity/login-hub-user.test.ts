import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { LoginHubUser } from '../../../src/application/hub-identity/login-hub-user';
import { ALL_PERMISSIONS } from '../../../src/domain/hub-identity/role';
import { email, hubIdentityFakes, type HubIdentityFakes } from '../../support/hub-identity-fakes';

const PASSWORD = 'correct-horse-9';

describe('LoginHubUser', () => {
  let f: HubIdentityFakes;
  let login: LoginHubUser;
  beforeEach(() => {
    f = hubIdentityFakes();
    login = new LoginHubUser(f.users, f.memberships, f.organizations, f.passwords, f.sessions, f.clock);
  });

  it(
    'starts a session: the login response, a new refresh-token family stored by hash, an access token with the ' +
      'role permissions',
    async () => {
      const organization = await f.seedOrganization('Acme Motors');
      const user = await f.seedUser('ana@example.com', PASSWORD);
      await f.seedMembership(user, organization, 'ADMIN');
      const result = await login.execute({ email: email('ana@example.com'), password: PASSWORD });
      if (E.isLeft(result)) throw new Error(result.left._tag);
      const session = result.right;
      expect(session.user).to.deep.equal({ id: user.id, email: 'ana@example.com', name: 'Ana', language: 'pt-BR' });
      expect(session.org).to.deep.equal({ id: organization.id, name: 'Acme Motors', role: 'ADMIN' });
      expect(session.expiresAt).to.equal(Math.floor(f.clock.now().getTime() / 1000) + 900);
      const record = await f.recordOf(session.refreshToken);
      expect(record).to.deep.include({
        userId: user.id,
        orgId: organization.id,
        familyId: record?.id,
        revokedAt: null,
        replacedBy: null,
      });
      expect(f.refreshTokens.all().some((r) => r.tokenHash === session.refreshToken)).to.equal(false);
      expect(f.accessTokens.verify(session.accessToken, f.clock.now())).to.deep.include({
        userId: user.id,
        orgId: organization.id,
        role: 'ADMIN',
        permissions: ALL_PERMISSIONS,
      });
    },
  );

  it('logs into the most recently joined organization (CONTRACT 5.2)', async () => {
    const user = await f.seedUser();
    await f.seedMembership(user, await f.seedOrganization('First'), 'OWNER');
    f.clock.advance(1_000);
    const second = await f.seedOrganization('Second');
    await f.seedMembership(user, second, 'CLIENT', ['leads:read']);
    const result = await login.execute({ email: email(user.email), password: PASSWORD });
    expect(E.isRight(result) && result.right.org).to.deep.equal({ id: second.id, name: 'Second', role: 'CLIENT' });
  });

  it('InvalidCredentials for a wrong password, and no session', async () => {
    const user = await f.seedUser();
    await f.seedMembership(user, await f.seedOrganization());
    expect(await login.execute({ email: email(user.email), password: 'wrong-password' })).to.deep.equal(
      E.left({ _tag: 'InvalidCredentials' }),
    );
    expect(f.refreshTokens.all()).to.deep.equal([]);
  });

  it('InvalidCredentials for an unknown e-mail, after the same verification work as a wrong password', async () => {
    expect(await login.execute({ email: email('ghost@example.com'), password: PASSWORD })).to.deep.equal(
      E.left({ _tag: 'InvalidCredentials' }),
    );
    expect(f.passwords.calls.verifyAgainstDummy).to.equal(1);
    expect(f.refreshTokens.all()).to.deep.equal([]);
  });

  it('NoMembership for a user without an organization, and no session', async () => {
    const user = await f.seedUser();
    expect(await login.execute({ email: email(user.email), password: PASSWORD })).to.deep.equal(
      E.left({ _tag: 'NoMembership' }),
    );
    expect(f.refreshTokens.all()).to.deep.equal([]);
  });

  it('NoMembership when the organization of the membership is gone', async () => {
    const user = await f.seedUser();
    await f.memberships.add({
      userId: user.id,
      orgId: 'gone-org',
      role: 'OWNER',
      permissions: [],
      joinedAt: f.clock.now(),
    });
    expect(await login.execute({ email: email(user.email), password: PASSWORD })).to.deep.equal(
      E.left({ _tag: 'NoMembership' }),
    );
    expect(f.refreshTokens.all()).to.deep.equal([]);
  });
});

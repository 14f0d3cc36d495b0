import { expect } from 'chai';
import { RevokeHubSessions } from '../../../src/application/hub-identity/revoke-hub-sessions';
import { hubIdentityFakes } from '../../support/hub-identity-fakes';

describe('RevokeHubSessions', () => {
  it('revokes every refresh token of the user (spec part 3, logout) and no one else', async () => {
    const f = hubIdentityFakes();
    const { user, organization, membership } = await f.seedSession();
    await f.sessions.start(user, membership, organization, f.clock.now());
    const other = await f.seedUser('bia@example.com');
    await f.sessions.start(other, { ...membership, userId: other.id }, organization, f.clock.now());
    f.clock.advance(1_000);

    expect(await new RevokeHubSessions(f.ending, f.clock).execute({ userId: user.id })).to.deep.equal({
      revoked: 2,
    });
    expect(await f.refreshTokens.activeOfUser(user.id, f.clock.now())).to.deep.equal([]);
    expect(await f.refreshTokens.activeOfUser(other.id, f.clock.now())).to.have.length(1);
    // CONTRACT 11.2: both sessions (families) of the user ended, their access tokens refused; not Bia's.
    const families = await f.refreshTokens.familiesCreatedSince(user.id, new Date(0));
    expect(families).to.have.length(2);
    for (const family of families) expect(await f.endedSessions.isEnded(family)).to.equal(true);
    const bias = await f.refreshTokens.familiesCreatedSince(other.id, new Date(0));
    expect(await f.endedSessions.isEnded(bias[0] ?? '')).to.equal(false);
    expect(await new RevokeHubSessions(f.ending, f.clock).execute({ userId: user.id })).to.deep.equal({
      revoked: 0,
    });
  });
});

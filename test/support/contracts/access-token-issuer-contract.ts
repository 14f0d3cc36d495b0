import { expect } from 'chai';
import type { AccessClaims, AccessTokenIssuer } from '../../../src/application/hub-identity/ports';

/** An issuer and the check a request's token goes through (the access-token guard's `verify`). */
export interface VerifyingAccessTokenIssuer extends AccessTokenIssuer {
  verify(token: string, now: Date): AccessClaims | undefined;
}

const NOW = new Date('2026-11-21T10:00:00.600Z');
const NOW_SECONDS = Math.floor(NOW.getTime() / 1000);
const at = (seconds: number): Date => new Date(seconds * 1000);
const CLAIMS: AccessClaims = {
  userId: 'u-1',
  email: 'ana@example.com',
  orgId: 'o-1',
  role: 'CLIENT',
  permissions: ['leads:read', 'inbox:edit'],
  sessionId: 'family-1',
};

/** The behaviour every AccessTokenIssuer must have (spec parts 2 and 5.2); run against the fake and HubAccessTokens. */
export function accessTokenIssuerContract(make: () => VerifyingAccessTokenIssuer): void {
  let issuer: VerifyingAccessTokenIssuer;
  beforeEach(() => {
    issuer = make();
  });

  it('answers the expiry in epoch seconds, 900 s after now (spec part 4)', () => {
    expect(issuer.issue(CLAIMS, NOW).expiresAt).to.equal(NOW_SECONDS + 900);
  });

  it('hands back exactly the claims the token was issued for', () => {
    const { accessToken } = issuer.issue(CLAIMS, NOW);
    expect(issuer.verify(accessToken, NOW)).to.deep.equal(CLAIMS);
    const other = { ...CLAIMS, userId: 'u-2', role: 'OWNER' as const, permissions: [], sessionId: 'family-2' };
    expect(issuer.verify(issuer.issue(other, NOW).accessToken, NOW)).to.deep.equal(other);
  });

  it('accepts the token until its expiry and refuses it from then on', () => {
    const { accessToken, expiresAt } = issuer.issue(CLAIMS, NOW);
    expect(issuer.verify(accessToken, at(expiresAt - 1))).to.deep.equal(CLAIMS);
    expect(issuer.verify(accessToken, at(expiresAt))).to.equal(undefined);
  });

  it('refuses a token it did not issue', () => {
    expect(issuer.verify('not-a-token', NOW)).to.equal(undefined);
    expect(issuer.verify(make().issue(CLAIMS, NOW).accessToken.concat('x'), NOW)).to.equal(undefined);
  });
}

import { expect } from 'chai';
import type { SalesAccessTokens } from '../../../src/application/sales-identity/ports';
import type { SalesIdentity } from '../../../src/domain/sales-identity/sales-user';

const NOW = new Date('2026-11-21T10:00:00.400Z');
const at = (seconds: number): Date => new Date(Math.floor(NOW.getTime() / 1000) * 1000 + seconds * 1000);
const ANA: SalesIdentity = { id: 'user-ana', username: 'ana@example.com', role: 'manager' };

/** The behaviour every SalesAccessTokens must have (spec sales part 8: 1 h access tokens); fake and JWT adapter. */
export function salesAccessTokensContract(make: () => SalesAccessTokens): void {
  let tokens: SalesAccessTokens;
  beforeEach(() => {
    tokens = make();
  });

  it('hands back exactly the identity and session the token was issued for, for each of several tokens', () => {
    const bruno: SalesIdentity = { id: 'user-bruno', username: 'bruno@example.com', role: 'admin' };
    const forAna = tokens.issue(ANA, 'session-a', NOW);
    const forBruno = tokens.issue(bruno, 'session-b', NOW);
    expect(forAna).not.to.equal(forBruno);
    expect(tokens.verify(forAna, NOW)).to.deep.equal({ identity: ANA, sessionId: 'session-a' });
    expect(tokens.verify(forBruno, NOW)).to.deep.equal({ identity: bruno, sessionId: 'session-b' });
  });

  it('issues a distinct token each time, also for the same identity, session and second', () => {
    expect(tokens.issue(ANA, 'session-a', NOW)).not.to.equal(tokens.issue(ANA, 'session-a', NOW));
  });

  it('accepts the token for one hour and refuses it from then on', () => {
    const token = tokens.issue(ANA, 'session-a', NOW);
    expect(tokens.verify(token, at(3599))?.identity).to.deep.equal(ANA);
    expect(tokens.verify(token, at(3600))).to.equal(undefined);
    expect(tokens.verify(token, at(7200))).to.equal(undefined);
  });

  it('refuses a token it did not issue, an altered one and an empty one', () => {
    const token = tokens.issue(ANA, 'session-a', NOW);
    expect(tokens.verify(`${token}x`, NOW)).to.equal(undefined);
    expect(tokens.verify('not-a-token', NOW)).to.equal(undefined);
    expect(tokens.verify('', NOW)).to.equal(undefined);
  });
}

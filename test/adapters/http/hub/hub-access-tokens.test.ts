import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { HubAccessTokens, HUB_TOKEN_SERVICE } from '../../../../src/adapters/http/hub/hub-access-tokens';
import { EndedSessionList } from '../../../../src/application/shared/ended-sessions/ended-session-list';
import { accessTokenIssuerContract } from '../../../support/contracts/access-token-issuer-contract';
import { FakeAccessTokenIssuer } from '../../../support/fakes/fake-access-token-issuer';
import { ManualClock } from '../../../support/fakes/fixed-clock';
import { InMemoryEndedSessionStore } from '../../../support/fakes/in-memory-ended-session-store';

const SECRET = 'hub-contract-secret-0123456789-abcdefghij';
const endedSessions = (clock = new ManualClock()) => new EndedSessionList(new InMemoryEndedSessionStore(), clock, 900);

describe('AccessTokenIssuer contract', () => {
  describe('the fake', () => {
    accessTokenIssuerContract(() => new FakeAccessTokenIssuer());
  });

  describe('HubAccessTokens (HS256 JWT)', () => {
    accessTokenIssuerContract(() => new HubAccessTokens(SECRET, endedSessions()));
  });
});

describe('HubAccessTokens (CONTRACT 11.1, 11.2)', () => {
  const clock = new ManualClock();
  const nowSeconds = Math.floor(clock.now().getTime() / 1000);
  const claims = {
    sub: 'u-1',
    email: 'ana@example.com',
    orgId: 'o-1',
    role: 'OWNER',
    permissions: [],
    sid: 'family-1',
    jti: 'j-1',
    iss: HUB_TOKEN_SERVICE,
    aud: HUB_TOKEN_SERVICE,
    iat: nowSeconds,
    exp: nowSeconds + 900,
  };
  const signed = (changes: Record<string, unknown>, typ = 'at+jwt') =>
    jwt.sign({ ...claims, ...changes }, SECRET, { algorithm: 'HS256', header: { alg: 'HS256', typ } });

  it('refuses an unknown role, another service, no sid, and a token without typ at+jwt', () => {
    const tokens = new HubAccessTokens(SECRET, endedSessions(clock));
    expect(tokens.verify(signed({}), clock.now())).to.deep.include({ userId: 'u-1', sessionId: 'family-1' });
    for (const changes of [
      { role: 'admin' },
      { role: 'operator' },
      { iss: 'brokerhub-sales', aud: 'brokerhub-sales' },
      { aud: 'brokerhub-sales' },
      { sid: undefined },
    ])
      expect(tokens.verify(signed(changes), clock.now()), JSON.stringify(changes)).to.equal(undefined);
    expect(tokens.verify(signed({}, 'JWT'), clock.now())).to.equal(undefined);
  });

  it('authenticates a token until its session (family) ends', async () => {
    const ended = endedSessions(clock);
    const tokens = new HubAccessTokens(SECRET, ended);
    const token = signed({});
    const other = signed({ sid: 'family-2' });
    expect(await tokens.authenticate(token, clock.now())).to.deep.include({ sessionId: 'family-1' });
    await ended.end(['family-1'], clock.now());
    expect(await tokens.authenticate(token, clock.now())).to.equal(undefined);
    expect(await tokens.authenticate(other, clock.now())).to.deep.include({ sessionId: 'family-2' });
  });
});

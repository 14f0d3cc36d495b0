import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import sinon from 'sinon';
import { createHash } from 'node:crypto';
import { LoginSalesUser } from '../../../src/application/sales-identity/login-sales-user';
import type { SalesAccessTokens } from '../../../src/application/sales-identity/ports';
import type { PasswordHasher } from '../../../src/application/shared/ports';
import { user } from '../../support/contracts/sales-user-repository-contract';
import { ManualClock } from '../../support/fakes/fixed-clock';
import { InMemorySalesRefreshTokenStore } from '../../support/fakes/in-memory-sales-refresh-token-store';
import { InMemorySalesUserRepository } from '../../support/fakes/in-memory-sales-user-repository';

describe('LoginSalesUser', () => {
  const hasher = (): PasswordHasher & { verify: sinon.SinonStub; verifyAgainstDummy: sinon.SinonStub } => ({
    hash: sinon.stub().resolves('hash'),
    verify: sinon.stub().callsFake(async (_hash: string, password: string) => password === 'right password'),
    verifyAgainstDummy: sinon.stub().resolves(false),
  });
  const tokens: SalesAccessTokens = { issue: (identity) => `jwt-for-${identity.id}`, verify: () => undefined };
  const sha = { hash: (s: string) => createHash('sha256').update(s).digest('hex') };

  async function setUp() {
    const users = new InMemorySalesUserRepository();
    const refresh = new InMemorySalesRefreshTokenStore();
    const passwords = hasher();
    const clock = new ManualClock();
    const known = user({ email: 'ana@example.com' });
    await users.create(known);
    const logIn = new LoginSalesUser(users, passwords, tokens, refresh, { hex: () => 'r'.repeat(64), uuid: () => 'u' }, sha, clock);
    return { logIn, passwords, refresh, known, clock };
  }

  it('does the dummy verification for an unknown e-mail and answers exactly like a wrong password', async () => {
    const { logIn, passwords } = await setUp();
    const unknown = await logIn.execute({ email: 'ghost@example.com', password: 'right password' });
    const wrong = await logIn.execute({ email: 'ana@example.com', password: 'wrong' });
    expect(unknown).to.deep.equal(E.left({ _tag: 'InvalidCredentials' }));
    expect(wrong).to.deep.equal(unknown);
    expect(passwords.verifyAgainstDummy.calledOnceWith('right password')).to.equal(true);
    expect(passwords.verify.calledOnce).to.equal(true);
  });

  it('issues the access token and stores only the hash of the refresh token, valid 7 days', async () => {
    const { logIn, refresh, known, clock } = await setUp();
    const result = await logIn.execute({ email: ' ANA@example.com ', password: 'right password' });
    expect(E.isRight(result)).to.equal(true);
    if (E.isLeft(result)) return;
    expect(result.right).to.deep.equal({ user: { id: known.id, email: known.email, name: known.name }, accessToken: `jwt-for-${known.id}`, refreshToken: 'r'.repeat(64) });
    expect(await refresh.findActive('r'.repeat(64), clock.now())).to.equal(undefined);
    const stored = await refresh.findActive(sha.hash('r'.repeat(64)), clock.now());
    expect(stored?.expiresAt.getTime()).to.equal(clock.now().getTime() + 7 * 24 * 3600 * 1000);
  });
});

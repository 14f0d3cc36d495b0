import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { RequestSalesPasswordReset } from '../../../src/application/sales-identity/request-sales-password-reset';
import { ResetSalesPassword } from '../../../src/application/sales-identity/reset-sales-password';
import { PUBLIC_APP_URL, salesIdentityFakes } from '../../support/sales-identity-fakes';

const ONE_HOUR_MS = 3600 * 1000;
const INVALID = E.left({ _tag: 'ResetTokenInvalid' });

describe('ResetSalesPassword', () => {
  async function setUp() {
    const fakes = salesIdentityFakes();
    const known = await fakes.addUser({ email: 'ana@example.com', password: 'old password' });
    const request = new RequestSalesPasswordReset(fakes.users, fakes.resetTokens, fakes.mailer, fakes.secrets, fakes.secretHasher, fakes.clock, PUBLIC_APP_URL);
    await request.execute({ email: 'ana@example.com' });
    // The token as the user gets it: from the link in the mail.
    const token = new URL(/https?:\/\/\S+/.exec(fakes.mailer.sent[0]?.text ?? '')?.[0] ?? 'http://none').searchParams.get('token') ?? '';
    const reset = new ResetSalesPassword(fakes.resetTokens, fakes.users, fakes.refreshTokens, fakes.passwords, fakes.secretHasher, fakes.clock);
    const passwordOf = async (password: string) => fakes.passwords.verify((await fakes.users.findById(known.id))?.passwordHash ?? '', password);
    return { ...fakes, known, token, reset, passwordOf };
  }

  it('sets the new password (the old one stops working) and answers the user id', async () => {
    const { reset, token, known, passwordOf, users, clock } = await setUp();
    clock.advance(60_000);
    expect(await reset.execute({ token, newPassword: 'brand new password' })).to.deep.equal(E.right({ userId: known.id }));
    expect(await passwordOf('brand new password')).to.equal(true);
    expect(await passwordOf('old password')).to.equal(false);
    expect((await users.findById(known.id))?.updatedAt).to.deep.equal(clock.now());
  });

  it("revokes every refresh token of the user, and nobody else's", async () => {
    const { reset, token, known, refreshTokens, addUser, clock } = await setUp();
    const other = await addUser({ email: 'bia@example.com' });
    const expiresAt = new Date(clock.now().getTime() + 60_000);
    for (const [tokenHash, userId] of [['ana-laptop', known.id], ['ana-phone', known.id], ['bia', other.id]] as const) {
      await refreshTokens.save({ tokenHash, userId, expiresAt, createdAt: clock.now() });
    }
    await reset.execute({ token, newPassword: 'brand new password' });
    expect(await refreshTokens.findActive('ana-laptop', clock.now())).to.equal(undefined);
    expect(await refreshTokens.findActive('ana-phone', clock.now())).to.equal(undefined);
    expect(await refreshTokens.findActive('bia', clock.now())).not.to.equal(undefined);
  });

  it('answers WeakPassword below 8 and above 256 characters without using up the token', async () => {
    const { reset, token, passwordOf } = await setUp();
    expect(await reset.execute({ token, newPassword: '1234567' })).to.deep.equal(E.left({ _tag: 'WeakPassword', problem: 'password must be at least 8 characters long' }));
    expect(await reset.execute({ token, newPassword: 'x'.repeat(257) })).to.deep.equal(E.left({ _tag: 'WeakPassword', problem: 'password must be at most 256 characters long' }));
    expect(await passwordOf('old password')).to.equal(true);
    expect(E.isRight(await reset.execute({ token, newPassword: '12345678' }))).to.equal(true);
  });

  it('answers ResetTokenInvalid for an unknown token and changes nothing', async () => {
    const { reset, passwordOf } = await setUp();
    expect(await reset.execute({ token: 'ab'.repeat(32), newPassword: 'brand new password' })).to.deep.equal(INVALID);
    expect(await reset.execute({ token: '', newPassword: 'brand new password' })).to.deep.equal(INVALID);
    expect(await passwordOf('old password')).to.equal(true);
  });

  it('answers ResetTokenInvalid once the hour has passed, and changes nothing', async () => {
    const { reset, token, clock, passwordOf } = await setUp();
    clock.advance(ONE_HOUR_MS);
    expect(await reset.execute({ token, newPassword: 'brand new password' })).to.deep.equal(INVALID);
    expect(await passwordOf('old password')).to.equal(true);
  });

  it('answers ResetTokenUsed for a second use, also after the hour, and keeps the first new password', async () => {
    const { reset, token, clock, passwordOf } = await setUp();
    await reset.execute({ token, newPassword: 'first new password' });
    expect(await reset.execute({ token, newPassword: 'second new password' })).to.deep.equal(E.left({ _tag: 'ResetTokenUsed' }));
    clock.advance(ONE_HOUR_MS);
    expect(await reset.execute({ token, newPassword: 'second new password' })).to.deep.equal(E.left({ _tag: 'ResetTokenUsed' }));
    expect(await passwordOf('first new password')).to.equal(true);
  });

  it('lets exactly one of two concurrent uses of one token through', async () => {
    const { reset, token } = await setUp();
    const results = await Promise.all([reset.execute({ token, newPassword: 'password one' }), reset.execute({ token, newPassword: 'password two' })]);
    expect(results.filter(E.isRight)).to.have.length(1);
    expect(results.filter(E.isLeft).map((r) => r.left)).to.deep.equal([{ _tag: 'ResetTokenUsed' }]);
  });
});

import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { SmtpMailer } from '../../../src/adapters/mail/smtp-mailer';
import { RequestSalesPasswordReset } from '../../../src/application/sales-identity/request-sales-password-reset';
import { PUBLIC_APP_URL, salesIdentityFakes } from '../../support/sales-identity-fakes';

const ONE_HOUR_MS = 3600 * 1000;
const NEW_HASH = 'new-password-hash';

describe('RequestSalesPasswordReset', () => {
  async function setUp(publicAppUrl = PUBLIC_APP_URL) {
    const fakes = salesIdentityFakes();
    const known = await fakes.addUser({ email: 'ana@example.com' });
    const request = new RequestSalesPasswordReset(
      fakes.users,
      fakes.resetTokens,
      fakes.mailer,
      fakes.secrets,
      fakes.secretHasher,
      fakes.clock,
      publicAppUrl,
    );
    return { ...fakes, known, request };
  }

  it('succeeds for an unknown e-mail without sending mail or issuing a token (no e-mail enumeration)', async () => {
    const { request, mailer, secrets } = await setUp();
    expect(await request.execute({ email: 'ghost@example.com' })).to.deep.equal(E.right({ sent: false }));
    expect(mailer.sent).to.deep.equal([]);
    expect(secrets.issued).to.deep.equal([]);
  });

  it(
    'mails the user a link PUBLIC_APP_URL/reset-password?token=... whose token is stored only as its ' + 'hash',
    async () => {
      const { request, mailer, secrets, resetTokens, secretHasher, known, clock } = await setUp();
      expect(await request.execute({ email: 'ana@example.com' })).to.deep.equal(E.right({ sent: true }));
      const [token] = secrets.issued;
      expect(token).to.match(/^[0-9a-f]{64}$/);
      expect(mailer.sent).to.have.length(1);
      expect(mailer.sent[0]).to.deep.include({ to: 'ana@example.com', subject: 'Password reset' });
      expect(mailer.sent[0]?.text).to.contain(`\n${PUBLIC_APP_URL}/reset-password?token=${token}\n`);
      expect(await resetTokens.consume(token ?? '', NEW_HASH, clock.now())).to.deep.equal({ outcome: 'unknown' });
      expect(await resetTokens.consume(secretHasher.hash(token ?? ''), NEW_HASH, clock.now())).to.deep.equal({
        outcome: 'consumed',
        userId: known.id,
      });
    },
  );

  it('makes the token valid for one hour (spec part 3, password reset token)', async () => {
    const { request, secrets, resetTokens, secretHasher, clock } = await setUp();
    await request.execute({ email: 'ana@example.com' });
    await request.execute({ email: 'ana@example.com' });
    const [first, second] = secrets.issued.map((token) => secretHasher.hash(token));
    expect(
      await resetTokens.consume(first ?? '', NEW_HASH, new Date(clock.now().getTime() + ONE_HOUR_MS - 1)),
    ).to.include({ outcome: 'consumed' });
    expect(
      await resetTokens.consume(second ?? '', NEW_HASH, new Date(clock.now().getTime() + ONE_HOUR_MS)),
    ).to.deep.equal({ outcome: 'expired' });
  });

  it(
    'finds the account whatever the case and surrounding spaces of the e-mail, and writes to the stored ' + 'address',
    async () => {
      const { request, mailer } = await setUp();
      expect(await request.execute({ email: '  ANA@Example.com ' })).to.deep.equal(E.right({ sent: true }));
      expect(mailer.sent[0]?.to).to.equal('ana@example.com');
    },
  );

  it('builds the link without a double slash when PUBLIC_APP_URL ends with slashes', async () => {
    const { request, mailer, secrets } = await setUp(`${PUBLIC_APP_URL}//`);
    await request.execute({ email: 'ana@example.com' });
    expect(mailer.sent[0]?.text).to.contain(`${PUBLIC_APP_URL}/reset-password?token=${secrets.issued[0] ?? 'none'}`);
  });

  it('lets a mail failure reach the caller (a fault, not an answer)', async () => {
    const { users, resetTokens, secrets, secretHasher, clock } = await setUp();
    // The real SMTP adapter pointed at a port where nothing listens.
    const down = new SmtpMailer('smtp://127.0.0.1:9');
    const request = new RequestSalesPasswordReset(
      users,
      resetTokens,
      down,
      secrets,
      secretHasher,
      clock,
      PUBLIC_APP_URL,
    );
    let caught: unknown;
    await request.execute({ email: 'ana@example.com' }).catch((error: unknown) => (caught = error));
    down.close();
    expect(caught).to.be.instanceOf(Error);
  });
});

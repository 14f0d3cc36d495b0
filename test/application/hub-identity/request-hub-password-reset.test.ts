import { expect } from 'chai';
import {
  RequestHubPasswordReset,
  RESET_TOKEN_TTL_MS,
} from '../../../src/application/hub-identity/request-hub-password-reset';
import { email, hubIdentityFakes, type HubIdentityFakes } from '../../support/hub-identity-fakes';

describe('RequestHubPasswordReset', () => {
  let f: HubIdentityFakes;
  const requestWith = (publicAppUrl: string) =>
    new RequestHubPasswordReset(f.users, f.resetTokens, f.mailer, f.secrets, f.hasher, f.clock, publicAppUrl);
  beforeEach(() => {
    f = hubIdentityFakes();
  });

  it('mails a known user a 1 h link whose token is stored only as a hash', async () => {
    const user = await f.seedUser('ana@example.com');
    await requestWith('https://app.example.com/').execute({ email: email('ana@example.com') });
    const [token] = f.secrets.issued;
    expect(token).to.match(/^[0-9a-f]{64}$/);
    expect(f.resetTokens.all()).to.deep.equal([
      {
        tokenHash: f.hasher.hash(token ?? ''),
        userId: user.id,
        expiresAt: new Date(f.clock.now().getTime() + RESET_TOKEN_TTL_MS),
        usedAt: null,
      },
    ]);
    expect(f.mailer.sent).to.have.length(1);
    expect(f.mailer.sent[0]).to.deep.include({ to: 'ana@example.com', subject: 'Redefinição de senha' });
    expect(f.mailer.sent[0]?.text).to.contain(`https://app.example.com/reset-password?token=${token}\n`);
  });

  it('does nothing for an unknown e-mail: no token, no mail', async () => {
    await f.seedUser('ana@example.com');
    await requestWith('https://app.example.com').execute({ email: email('ghost@example.com') });
    expect(f.resetTokens.all()).to.deep.equal([]);
    expect(f.mailer.sent).to.deep.equal([]);
  });
});

import { expect } from 'chai';
import type { Mailer, MailMessage } from '../../../src/application/shared/ports';

export interface MailerUnderTest {
  readonly mailer: Mailer;
  /** What reached the other side (the fake's list, the SMTP server's inbox, the log), in arrival order. */
  delivered(): Promise<readonly MailMessage[]>;
  teardown(): Promise<void>;
}

const RESET_LINK = `http://localhost:3000/reset-password?token=${'ab'.repeat(32)}`;

/** What every Mailer must do: the capturing fake, SmtpMailer (real SMTP on loopback) and LogMailer run this suite. */
export function mailerContract(setup: () => Promise<MailerUnderTest>): void {
  let subject: MailerUnderTest;
  beforeEach(async () => {
    subject = await setup();
  });
  afterEach(async () => {
    await subject.teardown();
  });

  it(
    'has handed the message over when send resolves: recipient, subject and text intact, a long reset link ' +
      'unbroken',
    async () => {
      const message = {
        to: 'ana@example.com',
        subject: 'Password reset',
        text: `A reset was requested.\n\nOpen this link within one hour:\n${RESET_LINK}\n\nIgnore it otherwise.`,
      };
      await subject.mailer.send(message);
      expect(await subject.delivered()).to.deep.equal([message]);
    },
  );

  it('keeps accented subject and text exact', async () => {
    const message = {
      to: 'joao@example.com.br',
      subject: 'Redefinição de senha — válida por uma hora',
      text: 'Olá, João: o link é válido por 1 hora.\nAté logo!',
    };
    await subject.mailer.send(message);
    expect(await subject.delivered()).to.deep.equal([message]);
  });

  it('delivers each message to its own recipient, in the order sent', async () => {
    const messages = ['a', 'b', 'c'].map((name) => ({
      to: `${name}@example.com`,
      subject: `for ${name}`,
      text: `hello ${name}`,
    }));
    for (const message of messages) await subject.mailer.send(message);
    expect(await subject.delivered()).to.deep.equal(messages);
  });

  it('delivers every one of concurrent messages', async () => {
    const messages = Array.from({ length: 5 }, (_, i) => ({
      to: `user${i}@example.com`,
      subject: `n${i}`,
      text: `body ${i}`,
    }));
    await Promise.all(messages.map((message) => subject.mailer.send(message)));
    expect(await subject.delivered()).to.have.deep.members(messages);
  });
}

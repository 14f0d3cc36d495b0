import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { LogMailer } from '../../../src/adapters/mail/log-mailer';
import { SmtpMailer } from '../../../src/adapters/mail/smtp-mailer';
import { mailerContract } from '../../support/contracts/mailer-contract';
import { CapturingMailer } from '../../support/fakes/capturing-mailer';
import { memoryLogger } from '../../support/logs';
import { startSmtpInbox } from '../../support/smtp-inbox';

/** The `mail` field LogMailer writes. */
const LoggedMail = t.type({ to: t.string, subject: t.string, body: t.string });

describe('Mailer contract', () => {
  describe('capturing (the fake)', () => {
    mailerContract(async () => {
      const mailer = new CapturingMailer();
      return { mailer, delivered: async () => mailer.sent, teardown: async () => undefined };
    });
  });

  describe('SmtpMailer to a real SMTP server on loopback', () => {
    mailerContract(async () => {
      const inbox = await startSmtpInbox();
      const mailer = new SmtpMailer(inbox.url);
      return {
        mailer,
        // The envelope recipient must be the message's recipient, not only the To header.
        delivered: async () =>
          inbox.received.map((mail) => ({ to: mail.to.join(','), subject: mail.subject, text: mail.text })),
        teardown: async () => {
          mailer.close();
          await inbox.close();
        },
      };
    });
  });

  describe('LogMailer outside production', () => {
    mailerContract(async () => {
      const log = memoryLogger();
      return {
        mailer: new LogMailer(log.logger, false),
        delivered: async () =>
          log
            .lines()
            .filter((line) => line.msg === 'mail (SMTP_URL not set)')
            .map((line) => {
              const mail = LoggedMail.decode(line.mail);
              if (E.isLeft(mail)) throw new Error(`unexpected mail log entry: ${JSON.stringify(line)}`);
              return { to: mail.right.to, subject: mail.right.subject, text: mail.right.body };
            }),
        teardown: async () => undefined,
      };
    });
  });
});

describe('SmtpMailer', () => {
  it('sends from the configured address, in the header and the envelope', async () => {
    const inbox = await startSmtpInbox();
    const mailer = new SmtpMailer(inbox.url, 'brokerhub <no-reply@example.com>');
    try {
      await mailer.send({
        to: 'ana@example.com',
        subject: 'Reset your password',
        text: 'Open the link within 1 hour.',
      });
      expect(inbox.received).to.have.length(1);
      const message = inbox.received[0];
      expect(message?.from).to.equal('no-reply@example.com');
      expect(message?.to).to.deep.equal(['ana@example.com']);
      expect(message?.raw).to.contain('From: brokerhub <no-reply@example.com>');
      expect(message?.raw).to.contain('Subject: Reset your password');
    } finally {
      mailer.close();
      await inbox.close();
    }
  });

  it('fails loudly when the SMTP server cannot be reached', async () => {
    const mailer = new SmtpMailer('smtp://127.0.0.1:9');
    let caught: unknown;
    await mailer.send({ to: 'a@example.com', subject: 's', text: 't' }).catch((error: unknown) => (caught = error));
    expect(caught).to.be.instanceOf(Error);
    mailer.close();
  });
});

describe('LogMailer', () => {
  it('writes the message to the log outside production', async () => {
    const log = memoryLogger();
    await new LogMailer(log.logger, false).send({
      to: 'a@example.com',
      subject: 'Reset',
      text: 'link http://x/reset?token=abc',
    });
    const entry = log.lines().find((line) => line.msg === 'mail (SMTP_URL not set)');
    expect(entry?.mail).to.deep.equal({ to: 'a@example.com', subject: 'Reset', body: 'link http://x/reset?token=abc' });
  });

  it('refuses in production and logs nothing', async () => {
    const log = memoryLogger();
    let caught: unknown;
    await new LogMailer(log.logger, true)
      .send({ to: 'a@example.com', subject: 'Reset', text: 'secret link' })
      .catch((error: unknown) => (caught = error));
    expect((caught as Error).message).to.contain('SMTP_URL is not configured');
    expect(log.text()).not.to.contain('secret link');
  });
});

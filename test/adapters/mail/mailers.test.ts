import { expect } from 'chai';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { LogMailer } from '../../../src/adapters/mail/log-mailer';
import { SmtpMailer } from '../../../src/adapters/mail/smtp-mailer';
import { memoryLogger } from '../../support/logs';

interface Received {
  readonly from: string;
  readonly to: string[];
  readonly data: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp(): Promise<{ port: number; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        const envelope = session.envelope;
        received.push({
          from: envelope.mailFrom === false ? '' : envelope.mailFrom.address,
          to: envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('SmtpMailer', () => {
  it('delivers the message to a real SMTP server, link intact', async () => {
    const smtp = await startSmtp();
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'brokerhub <no-reply@example.com>');
    try {
      const link = 'http://localhost:3000/reset-password?token=0123456789abcdef0123456789abcdef';
      await mailer.send({ to: 'ana@example.com', subject: 'Reset your password', text: `Open ${link} within 1 hour.` });
      expect(smtp.received).to.have.length(1);
      const message = smtp.received[0] as Received;
      expect(message.from).to.equal('no-reply@example.com');
      expect(message.to).to.deep.equal(['ana@example.com']);
      expect(message.data).to.contain('Subject: Reset your password');
      expect(decodeQuotedPrintable(message.data)).to.contain(link);
    } finally {
      mailer.close();
      await smtp.close();
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
    await new LogMailer(log.logger, false).send({ to: 'a@example.com', subject: 'Reset', text: 'link http://x/reset?token=abc' });
    const entry = log.lines().find((line) => line.msg === 'mail (SMTP_URL not set)');
    expect(entry?.mail).to.deep.equal({ to: 'a@example.com', subject: 'Reset', body: 'link http://x/reset?token=abc' });
  });

  it('refuses in production and logs nothing', async () => {
    const log = memoryLogger();
    let caught: unknown;
    await new LogMailer(log.logger, true).send({ to: 'a@example.com', subject: 'Reset', text: 'secret link' }).catch((error: unknown) => (caught = error));
    expect((caught as Error).message).to.contain('SMTP_URL is not configured');
    expect(log.text()).not.to.contain('secret link');
  });
});

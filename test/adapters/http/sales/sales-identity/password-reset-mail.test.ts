import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import request from 'supertest';
import { SMTPServer } from 'smtp-server';
import { openSalesRuntime } from '../../../../support/sales-runtime';

interface Received {
  readonly from: string;
  readonly to: string[];
  readonly data: string;
}

/** A real SMTP server in this process; `next()` resolves with the next message it accepts. */
async function startSmtpServer(): Promise<{ url: string; next: () => Promise<Received>; close: () => Promise<void> }> {
  const waiters: ((message: Received) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message = {
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        };
        waiters.shift()?.(message);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    next: () => new Promise((resolve) => waiters.push(resolve)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The text body of a plain (possibly quoted-printable) message, soft line breaks undone. */
function bodyText(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('password reset mail over SMTP (real SMTP server in-process)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  before(async () => {
    smtp = await startSmtpServer();
  });
  after(async () => {
    await smtp.close();
  });

  it('carries the reset link of POST /auth/forgot-password, and the link resets the password', async () => {
    const sales = await openSalesRuntime({ env: { SMTP_URL: smtp.url } });
    try {
      const user = await sales.createUser({});
      const received = smtp.next();
      await request(sales.callback).post('/auth/forgot-password').send({ email: user.email }).expect(200);
      const message = await received;
      expect(message.to).to.deep.equal([user.email]);
      const token = /reset-password\?token=([0-9a-f]{64})/.exec(bodyText(message.data))?.[1];
      expect(token).to.be.a('string');
      await request(sales.callback)
        .post('/auth/reset-password')
        .send({ token, newPassword: 'from the mail link' })
        .expect(200);
      await request(sales.callback)
        .post('/auth/login')
        .send({ email: user.email, password: 'from the mail link' })
        .expect(200);
    } finally {
      await sales.close();
    }
  });
});

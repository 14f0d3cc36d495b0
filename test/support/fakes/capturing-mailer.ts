import type { Mailer, MailMessage } from '../../../src/application/shared/ports';

/** Records messages; `next()` resolves with the next message sent (mail goes out after the answer). */
export class CapturingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  private waiters: ((message: MailMessage) => void)[] = [];

  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve(message);
  }

  next(): Promise<MailMessage> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}

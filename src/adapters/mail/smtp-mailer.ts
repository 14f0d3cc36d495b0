import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from '../../application/shared/ports';

export const DEFAULT_MAIL_FROM = 'brokerhub <no-reply@brokerhub.local>';

/** Mail over SMTP (`SMTP_URL`, e.g. smtp://user:pass@host:587 or smtps://...). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string = DEFAULT_MAIL_FROM,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
  }

  close(): void {
    this.transport.close();
  }
}

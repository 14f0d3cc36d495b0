import type { Mailer, MailMessage } from '../../application/shared/ports';
import type { Logger } from '../system/logger';

/**
 * Development without SMTP: the message (a reset link) is written to the log so a developer can
 * follow it. Refused in production, where a link in a log would be a credential in a log.
 */
export class LogMailer implements Mailer {
  constructor(
    private readonly logger: Logger,
    private readonly isProduction: boolean,
  ) {}

  async send(message: MailMessage): Promise<void> {
    if (this.isProduction) throw new Error('SMTP_URL is not configured: mail cannot be sent in production');
    this.logger.info(
      { mail: { to: message.to, subject: message.subject, body: message.text } },
      'mail (SMTP_URL not set)',
    );
  }
}

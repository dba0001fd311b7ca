import nodemailer, { type Transporter } from 'nodemailer';
import { AppError } from '../../http/app-error.js';
import type { MailLog, MailMessage, Mailer } from './mailer.js';

/**
 * How long a send waits on the mail server (issue 35): nodemailer's defaults (2 minutes to connect, 30 s
 * for the greeting, 10 minutes of silence) held a request for 30 s against a server that accepted the
 * connection and never answered. A healthy server answers within a second or two.
 */
export const SMTP_TIMEOUTS = { connectionMs: 5_000, greetingMs: 5_000, socketMs: 15_000 };

/** nodemailer over SMTP_URL (`smtp://user:pass@host:587`, `smtps://…:465`), one pooled transport per server. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
    private readonly log: Pick<MailLog, 'warn'>,
  ) {
    this.transport = nodemailer.createTransport({
      url,
      connectionTimeout: SMTP_TIMEOUTS.connectionMs,
      greetingTimeout: SMTP_TIMEOUTS.greetingMs,
      socketTimeout: SMTP_TIMEOUTS.socketMs,
    });
  }

  /** A mail that cannot leave now is `mail_is_unavailable` (503) to the caller, with the server's own error in the log. */
  async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text, headers: message.headers });
    } catch (error) {
      this.log.warn({ err: error, mailTo: message.to }, 'mail could not be sent');
      throw new AppError('mail_is_unavailable');
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

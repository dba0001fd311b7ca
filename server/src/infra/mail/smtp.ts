import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, Mailer } from './mailer.js';

/** nodemailer over SMTP_URL (`smtp://user:pass@host:587`, `smtps://…:465`), one pooled transport per server. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text, headers: message.headers });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

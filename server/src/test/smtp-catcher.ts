/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps what it receives, parsed:
 * the stand-in for the mail provider in the tests of the SMTP path.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** Every header as received, by lower-case name (the last one of a name wins). */
  headers: Record<string, string>;
}

export interface SmtpCatcher {
  /** `smtp://127.0.0.1:<port>`: what SMTP_URL should be. */
  url: string;
  mails: CaughtMail[];
  /** The next mail to `to` (already caught or still to come). */
  mailTo(to: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const waiting: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            headers: Object.fromEntries(parsed.headerLines.map((header) => [header.key, header.line.slice(header.line.indexOf(':') + 1).trim()])),
          });
          for (const wake of waiting.splice(0)) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const taken = new Set<CaughtMail>();

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async mailTo(to, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.find((candidate) => !taken.has(candidate) && candidate.to.includes(to.toLowerCase()));
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

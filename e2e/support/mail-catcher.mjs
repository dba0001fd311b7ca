// The end-to-end stand-in for a mail provider: a real SMTP server on loopback (the `smtp-server`
// package) that the Negayno server sends to through SMTP_URL, and a small HTTP reader on loopback
// from which the specs take the mails (`GET /mails?to=…`, newest last). Both on free ports.
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export async function startMailCatcher() {
  const mails = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()), subject: parsed.subject ?? '', text: parsed.text ?? '' });
          callback();
        },
        (error) => callback(error),
      );
    },
  });
  await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));

  const reader = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = url.pathname === '/mails' ? mails.filter((mail) => !to || mail.to.includes(to)) : null;
    response.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(found ?? { error: 'not found' }));
  });
  await new Promise((resolve) => reader.listen(0, '127.0.0.1', resolve));

  return {
    smtpUrl: `smtp://127.0.0.1:${smtp.server.address().port}`,
    readerUrl: `http://127.0.0.1:${reader.address().port}`,
    close: () => Promise.all([new Promise((resolve) => smtp.close(resolve)), new Promise((resolve) => reader.close(resolve))]),
  };
}

/**
 * The unsubscribe link of every notification mail: `/api/email/unsubscribe/{userId}/{token}`, where the
 * token is an HMAC of the user id under NEGAYNO_SECRET. No login: whoever has the mail may turn its
 * mails off, and nobody can forge the link for someone else. GET (the link opened) and POST (a mail
 * client's one-click List-Unsubscribe-Post, RFC 8058) both turn email off and answer a plain page in
 * the person's language.
 */
import { API_ROOT, ROUTES, escapeHtml, type Language } from '@negayno/shared/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/connection.js';
import { languageOf } from '../../../http/language.js';
import { plainPage } from '../../../http/plain-page.js';
import { keyedHash, sameHash } from '../../../lib/secure-codes.js';
import { findUserById, turnEmailOff } from '../../users/index.js';

const UNSUBSCRIBE_PATH = '/email/unsubscribe/:userId/:token';
const PURPOSE = 'email-unsubscribe';

export function unsubscribeUrl(publicUrl: string, secret: string, userId: number): string {
  return `${publicUrl}${API_ROOT}/email/unsubscribe/${userId}/${keyedHash(secret, PURPOSE, String(userId))}`;
}

/** Turns email off for the link's person: answers their language, or null for a link that is not ours. */
export async function unsubscribe(db: Db, secret: string, rawUserId: string, token: string): Promise<Language | null> {
  if (!/^[1-9]\d{0,9}$/.test(rawUserId) || !sameHash(token, keyedHash(secret, PURPOSE, rawUserId))) return null;
  const userId = Number(rawUserId);
  const user = await findUserById(db, userId);
  if (!user || !(await turnEmailOff(db, userId))) return null;
  return user.language;
}

const TEXTS: Record<Language, { done: string; doneText: string; bad: string; badText: string; profile: string }> = {
  uk: {
    done: 'Листи вимкнено',
    doneText: 'Negayno більше не надсилатиме вам листів зі сповіщеннями. Коди підтвердження й відновлення пароля надходитимуть, як і раніше.',
    bad: 'Посилання неправильне',
    badText: 'Це посилання для відписки неправильне або пошкоджене. Вимкнути листи можна в профілі Negayno.',
    profile: 'Налаштування листів у профілі',
  },
  en: {
    done: 'Emails are off',
    doneText: 'Negayno will send you no more notification emails. Confirmation and password recovery codes still arrive as before.',
    bad: 'This link is not valid',
    badText: 'This unsubscribe link is wrong or damaged. You can turn emails off in your Negayno profile.',
    profile: 'Email settings in your profile',
  },
};

export function registerUnsubscribe(app: FastifyInstance, options: { db: Db; secret: string; publicUrl: string }): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = request.params as { userId: string; token: string };
    const language = await unsubscribe(options.db, options.secret, params.userId, params.token);
    const text = TEXTS[language ?? languageOf(request)];
    const [title, body] = language ? [text.done, text.doneText] : [text.bad, text.badText];
    const page = `<main data-testid="unsubscribe-${language ? 'done' : 'refused'}"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p><a href="${escapeHtml(`${options.publicUrl}${ROUTES.profile}`)}">${escapeHtml(text.profile)}</a></main>`;
    return reply
      .code(language ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(plainPage(language ?? languageOf(request), escapeHtml(title), page));
  };
  // A scope of its own: the form parser below serves these two routes only.
  void app.register(async (scope) => {
    // One-click unsubscribe: the mail client posts `List-Unsubscribe=One-Click` as a form; the link is all we read.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
    scope.get(UNSUBSCRIBE_PATH, handler);
    scope.post(UNSUBSCRIBE_PATH, handler);
  });
}

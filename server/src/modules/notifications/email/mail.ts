/**
 * The notification mail of one person and one pass: the events they chose (each in the words of the
 * in-app list, `notificationText`) and the digest of chat messages they missed, grouped by task with
 * counts and the newest lines, every item linking back to the app; the unsubscribe link at the end.
 */
import type { Language, NotificationKind, NotificationPayload } from '@negayno/shared/contract';
import { notificationText, taskTitle } from '@negayno/shared/contract/notification-texts';
import { countOf, type PluralForms } from '../../../infra/mail/templates.js';
import type { MailMessage } from '../../../infra/mail/mailer.js';
import { notificationUrl } from '../links.js';

/** How many of a task's missed messages the mail quotes (the newest); the count names them all. */
export const QUOTED_PER_TASK = 3;
const SNIPPET_LENGTH = 140;

export interface MailedEvent {
  kind: NotificationKind;
  payload: NotificationPayload;
  taskId: number | null;
  projectId: number | null;
}

export interface MailedMessage {
  taskId: number | null;
  projectId: number | null;
  payload: NotificationPayload;
  /** The text typed ('' for a message with a file only). */
  text: string;
}

const TEXTS: Record<
  Language,
  {
    hello: (name: string) => string;
    events: string;
    messages: string;
    messageForms: PluralForms;
    subjectMessages: string;
    subjectEvents: (count: number) => string;
    fileOnly: string;
    why: string;
    unsubscribe: string;
  }
> = {
  uk: {
    hello: (name) => `Вітаємо, ${name}!`,
    events: 'Що сталося:',
    messages: 'Непрочитані повідомлення в чатах задач:',
    messageForms: { one: 'повідомлення', few: 'повідомлення', many: 'повідомлень', other: 'повідомлення' },
    subjectMessages: 'Negayno: непрочитані повідомлення в чатах задач',
    subjectEvents: (count) => `Negayno: нові події (${count})`,
    fileOnly: '(файл)',
    why: 'Ці листи надходять, бо їх увімкнено в профілі Negayno:',
    unsubscribe: 'Не отримувати більше листів зі сповіщеннями:',
  },
  en: {
    hello: (name) => `Hello ${name},`,
    events: 'What happened:',
    messages: 'Unread messages in your task chats:',
    messageForms: { one: 'message', other: 'messages' },
    subjectMessages: 'Negayno: unread messages in your task chats',
    subjectEvents: (count) => `Negayno: ${count} new events`,
    fileOnly: '(a file)',
    why: 'You get these emails because they are on in your Negayno profile:',
    unsubscribe: 'To get no more notification emails:',
  },
};

function snippetOf(text: string, fileOnly: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return fileOnly;
  return flat.length > SNIPPET_LENGTH ? `${flat.slice(0, SNIPPET_LENGTH - 1).trimEnd()}…` : flat;
}

export interface DigestMailInput {
  to: string;
  firstname: string;
  language: Language;
  events: MailedEvent[];
  /** Oldest first. */
  messages: MailedMessage[];
  publicUrl: string;
  profileUrl: string;
  unsubscribeUrl: string;
}

export function digestMail(input: DigestMailInput): MailMessage {
  const { language, publicUrl } = input;
  const text = TEXTS[language];
  const lines: string[] = [text.hello(input.firstname), ''];
  if (input.events.length > 0) {
    lines.push(text.events, '');
    for (const event of input.events) {
      lines.push(`• ${notificationText(event.kind, event.payload, language)}`);
      const url = notificationUrl(publicUrl, event);
      if (url) lines.push(`  ${url}`);
    }
    lines.push('');
  }
  if (input.messages.length > 0) {
    lines.push(text.messages, '');
    const byTask = new Map<string, MailedMessage[]>();
    for (const message of input.messages) {
      const key = String(message.taskId);
      byTask.set(key, [...(byTask.get(key) ?? []), message]);
    }
    for (const messages of byTask.values()) {
      const first = messages[0]!;
      lines.push(`${taskTitle(first.payload, language)} (${first.payload.projectName ?? ''}): ${countOf(messages.length, text.messageForms, language)}`);
      for (const message of messages.slice(-QUOTED_PER_TASK)) lines.push(`  ${message.payload.actorName ?? ''}: ${snippetOf(message.text, text.fileOnly)}`);
      const url = notificationUrl(publicUrl, first);
      if (url) lines.push(`  ${url}`);
      lines.push('');
    }
  }
  lines.push('—', text.why, input.profileUrl, text.unsubscribe, input.unsubscribeUrl);
  const onlyEvent = input.messages.length === 0 && input.events.length === 1 ? input.events[0]! : null;
  const subject = onlyEvent
    ? `Negayno: ${notificationText(onlyEvent.kind, onlyEvent.payload, language)}`
    : input.messages.length > 0
      ? text.subjectMessages
      : text.subjectEvents(input.events.length);
  return {
    to: input.to,
    subject,
    text: lines.join('\n'),
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

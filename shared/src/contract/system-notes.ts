/**
 * The life cycle's lines in a task's main chat (decisions 3). The server stores what happened (a key and
 * its values) and the HTML in the default language; each browser writes the line in its reader's
 * language from this one table, so a chat read in English never shows a Ukrainian line.
 */
import type { Language } from './enums.js';
import { escapeHtml } from './html.js';
import { fillTemplate } from './templates.js';

const TEXTS = {
  'to-discussion': { uk: 'Задачу взято в обговорення', en: 'The task is under discussion' },
  'to-estimation': { uk: 'Задачу передано на оцінку виконавцям', en: 'The task was sent to performers for an estimate' },
  'finish-evaluation': { uk: 'Оцінку завершено', en: 'The estimate is done' },
  'continue-evaluation': { uk: 'Оцінку продовжено', en: 'The estimate was reopened' },
  're-estimate': { uk: 'Оцінку повернуто на доопрацювання', en: 'The estimate was sent back for rework' },
  'restore-estimate': { uk: 'Відновлено останню оцінку', en: 'The last estimate was restored' },
  'send-offer': { uk: 'Надіслано комерційну пропозицію «{name}»', en: 'Commercial proposal “{name}” sent' },
  'return-offer': { uk: 'Комерційну пропозицію відкликано', en: 'The commercial proposal was withdrawn' },
  'document-accept': { uk: 'Комерційну пропозицію прийнято, роботу розпочато', en: 'The commercial proposal was accepted; work has started' },
  'document-reject': { uk: 'Комерційну пропозицію відхилено', en: 'The commercial proposal was rejected' },
  'document-update': { uk: 'Клієнт просить оновити комерційну пропозицію', en: 'The client asks for an updated commercial proposal' },
  progress: { uk: 'Прогрес роботи: <strong>{progress} %</strong>', en: 'Work progress: <strong>{progress} %</strong>' },
  'to-manager-review': { uk: 'Виконавець надіслав роботу на перевірку менеджеру', en: 'The performer sent the work to the manager for review' },
  pause: { uk: 'Роботу призупинено', en: 'The work is paused' },
  unpause: { uk: 'Роботу відновлено', en: 'The work has resumed' },
  'to-test': { uk: 'Роботу надіслано на перевірку на тестовому сервері', en: 'The work was sent for checking on the test server' },
  'accept-test': { uk: 'Роботу на тестовому сервері прийнято', en: 'The work on the test server was accepted' },
  'reject-test': { uk: 'Роботу на тестовому сервері відхилено', en: 'The work on the test server was rejected' },
  'to-prod': { uk: 'Роботу надіслано на перевірку на робочому сервері', en: 'The work was sent for checking on the production server' },
  'accept-work': { uk: 'Роботу прийнято. Оцініть, будь ласка, виконавців', en: 'The work was accepted. Please rate the performers' },
  'reject-prod': { uk: 'Роботу на робочому сервері відхилено', en: 'The work on the production server was rejected' },
  'add-rating': { uk: 'Оцінка роботи: <strong>{rating}/5</strong>', en: 'Work rating: <strong>{rating}/5</strong>' },
  'finish-rating': { uk: 'Задачу завершено', en: 'The task is complete' },
  'to-archive': { uk: 'Задачу перенесено в архів', en: 'The task was moved to the archive' },
  restore: { uk: 'Задачу відновлено з архіву', en: 'The task was restored from the archive' },
  delete: { uk: 'Клієнт просить видалити задачу', en: 'The client asks to delete the task' },
  accept: { uk: 'Задачу видалено на прохання клієнта', en: 'The task was deleted at the client’s request' },
  reject: { uk: 'Запит на видалення відхилено', en: 'The deletion request was refused' },
} as const satisfies Record<string, Record<Language, string>>;

export type SystemNoteKey = keyof typeof TEXTS;

/** One line of the life cycle: which step, and the values its text shows. */
export interface SystemNote {
  key: SystemNoteKey;
  /** The offer's name (send-offer). */
  name?: string;
  progress?: number;
  rating?: number;
  /** The person's reason, after a colon (rejections, returns, deletion requests). */
  reason?: string;
}

export const SYSTEM_NOTE_KEYS = Object.keys(TEXTS) as SystemNoteKey[];

/** The note as HTML in a language; every value is escaped, only the table's own markup stays. An unknown key (a newer server) reads as empty. */
export function systemNoteHtml(note: SystemNote, language: Language): string {
  const texts: Record<Language, string> | undefined = TEXTS[note.key];
  if (!texts) return '';
  const values: Record<string, string> = {
    name: escapeHtml(note.name ?? ''),
    progress: String(note.progress ?? ''),
    rating: String(note.rating ?? ''),
  };
  const line = fillTemplate(texts[language], values);
  return note.reason === undefined ? line : `${line}: ${escapeHtml(note.reason)}`;
}

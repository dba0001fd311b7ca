/** The few words an import writes into descriptions, in the importing person's language. */
import type { Language } from '@negayno/shared/contract';

export interface ImportWords {
  list: string;
  labels: string;
  due: string;
  archived: string;
  checklist: string;
  attachments: string;
  /** Said beside a file Trello keeps: the link opens for those signed in to Trello. */
  onTrello: string;
  comments: string;
  /** Said when a description was too long and the oldest comments were left out. */
  commentsLeftOut: (count: number) => string;
}

export const IMPORT_WORDS: Record<Language, ImportWords> = {
  uk: {
    list: 'Список Trello',
    labels: 'мітки',
    due: 'термін',
    archived: 'в архіві Trello',
    checklist: 'Чек-лист',
    attachments: 'Вкладення',
    onTrello: 'файл у Trello',
    comments: 'Коментарі',
    commentsLeftOut: (count) => `Ще ${count} давніших коментарів не вмістилися в опис.`,
  },
  en: {
    list: 'Trello list',
    labels: 'labels',
    due: 'due',
    archived: 'archived in Trello',
    checklist: 'Checklist',
    attachments: 'Attachments',
    onTrello: 'file on Trello',
    comments: 'Comments',
    commentsLeftOut: (count) => `${count} older comments did not fit in the description.`,
  },
};

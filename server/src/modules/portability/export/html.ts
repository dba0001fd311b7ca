/**
 * The export's `index.html` (issue 37): one page a person opens offline to browse the archive. It is
 * self-contained and inert: no script at all, a Content-Security-Policy that loads nothing, every text
 * escaped, and the descriptions passed through the server's sanitiser again (they were stored clean, the
 * page should not trust that). Files are plain links into the archive's `files/` folder. The page is
 * written in three streams (the table of contents, the task sections, the project's tail) that are
 * joined at the end, so a large project is never held whole.
 */
import type {
  ExportChat,
  ExportDocument,
  ExportFile,
  ExportMember,
  ExportTask,
  ExportTransaction,
  IsoTime,
  ProjectExportFile,
} from '@negayno/shared/contract/export-format';
import type { Language } from '@negayno/shared/contract';
import { sanitizeDescription } from '../../tasks/index.js';

const WORDS = {
  uk: {
    exported: 'Експортовано',
    by: 'хто',
    tasks: 'Задачі',
    members: 'Учасники',
    transactions: 'Транзакції',
    description: 'Опис',
    history: 'Історія опису',
    documents: 'Документи',
    chats: 'Чати',
    files: 'Файли',
    status: 'Статус',
    created: 'Створено',
    deleted: 'видалено',
    none: 'немає',
    project: 'Проєкт',
    data: 'Дані для програм: project.json, transactions.csv',
  },
  en: {
    exported: 'Exported',
    by: 'by',
    tasks: 'Tasks',
    members: 'Members',
    transactions: 'Transactions',
    description: 'Description',
    history: 'Description history',
    documents: 'Documents',
    chats: 'Chats',
    files: 'Files',
    status: 'Status',
    created: 'Created',
    deleted: 'deleted',
    none: 'none',
    project: 'Project',
    data: 'Data for programs: project.json, transactions.csv',
  },
} satisfies Record<Language, Record<string, string>>;

export type PageWords = (typeof WORDS)['en'];

export function wordsOf(language: Language): PageWords {
  return WORDS[language];
}

/** Tags without attributes that cannot run or load anything: a description made of these alone is shown as it is. */
const PLAIN_TAG = /^<\/?(p|br|b|i|u|s|strong|em|ul|ol|li|h[1-6]|blockquote|pre|code)\s*\/?>$/i;

/**
 * The description as the page shows it. Stored descriptions passed the sanitiser already; one made only
 * of plain tags (most) is kept as it is, anything else (an attribute, a link, an unknown tag, a stray
 * `<`) goes through the sanitiser again, which costs milliseconds each (a 10,000-task page).
 */
export function safeDescription(html: string): string {
  const tags = html.match(/<[^<>]*>/g) ?? [];
  const plain = tags.length === (html.match(/</g) ?? []).length && tags.every((tag) => PLAIN_TAG.test(tag));
  return plain ? html : sanitizeDescription(html);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** A path inside the archive as a link's href: each segment encoded, the slashes kept. */
function hrefOf(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

function when(time: IsoTime | null): string {
  return time ? escapeHtml(time.replace('T', ' ').slice(0, 16)) : '';
}

function nameOf(person: { firstname: string; lastname: string } | null): string {
  return person ? escapeHtml(`${person.firstname} ${person.lastname}`.trim()) : '—';
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:16px;color:#222}
h1{margin:0 0 4px}h2{border-bottom:1px solid #ddd;padding-bottom:4px;margin-top:32px}
section.task{border:1px solid #ddd;border-radius:6px;padding:8px 16px;margin:16px 0}
.meta{color:#666;font-size:13px}.msg{border-left:3px solid #ccc;padding:2px 8px;margin:6px 0;white-space:pre-wrap}
.system{color:#666;font-style:italic}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:4px 6px;text-align:left;font-size:13px}
nav ol{columns:2}details{margin:6px 0}`;

export function pageHead(file: Pick<ProjectExportFile, 'project' | 'exportedAt' | 'exportedBy'>, words: PageWords, language: Language): string {
  const title = escapeHtml(file.project.name);
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>${STYLE}</style></head><body>
<h1 data-testid="project-name">${title}</h1>
<p class="meta">${words.exported}: ${when(file.exportedAt)} · ${words.by}: ${nameOf(file.exportedBy)} · ${escapeHtml(words.data)}</p>
<nav><h2>${words.tasks}</h2><ol>
`;
}

export function tocEntry(task: Pick<ExportTask, 'number' | 'name' | 'status'>): string {
  return `<li><a href="#task-${task.number}">#${task.number} ${escapeHtml(task.name)}</a> <span class="meta">${escapeHtml(task.status)}</span></li>\n`;
}

export const TOC_END = '</ol></nav>\n';

function documentHtml(document: ExportDocument): string {
  const cost = document.cost === null ? '' : ` · ${(document.cost / 100).toFixed(2)} ${escapeHtml(document.currency)}`;
  const work = document.workList.length ? `<ul>${document.workList.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : '';
  return `<li>${escapeHtml(document.type)} v${document.version}: <b>${escapeHtml(document.name)}</b>${cost} <span class="meta">${when(document.createdAt)}</span><div>${escapeHtml(document.description)}</div>${work}</li>`;
}

function fileLink(file: Pick<ExportFile, 'name' | 'path' | 'size'>): string {
  return `<a href="${escapeHtml(hrefOf(file.path))}">${escapeHtml(file.name)}</a> <span class="meta">${file.size} B</span>`;
}

/** A task's section; its chats are written after it, one message at a time (`messageHtml`). */
export function taskStart(task: ExportTask, words: PageWords): string {
  const history = task.descriptionHistory.length
    ? `<details><summary>${words.history} (${task.descriptionHistory.length})</summary>${task.descriptionHistory
        .map((entry) => `<div class="meta">${when(entry.createdAt)} · ${nameOf(entry.author)}</div><div>${safeDescription(entry.description)}</div>`)
        .join('')}</details>`
    : '';
  const documents = task.documents.length ? `<h4>${words.documents}</h4><ul>${task.documents.map(documentHtml).join('')}</ul>` : '';
  const files = task.files.length ? `<h4>${words.files}</h4><ul>${task.files.map((file) => `<li>${fileLink(file)}</li>`).join('')}</ul>` : '';
  return `<section class="task" id="task-${task.number}">
<h3>#${task.number} ${escapeHtml(task.name)}</h3>
<p class="meta">${words.status}: ${escapeHtml(task.status)} · ${words.created}: ${when(task.createdAt)}</p>
<h4>${words.description}</h4><div class="description">${safeDescription(task.description)}</div>${history}${documents}${files}
`;
}

export function chatStart(chat: Pick<ExportChat, 'kind'>, words: PageWords): string {
  return `<details open><summary>${words.chats}: ${escapeHtml(chat.kind)}</summary>\n`;
}

export const CHAT_END = '</details>\n';
export const TASK_END = '</section>\n';

export function messageHtml(message: ExportChat['messages'][number], words: PageWords): string {
  const system = message.systemNote !== null;
  const body = message.deletedAt ? `<i>${words.deleted}</i>` : escapeHtml(message.body);
  const file = message.file ? `<div>${fileLink(message.file)}</div>` : '';
  return `<div class="msg${system ? ' system' : ''}"><div class="meta">${when(message.createdAt)} · ${system ? '' : nameOf(message.author)}</div>${body}${file}</div>\n`;
}

export function membersHtml(members: ExportMember[], words: PageWords): string {
  const rows = members
    .map((member) => `<tr><td>${nameOf(member)}</td><td>${escapeHtml(member.role)}</td><td>${escapeHtml(member.email ?? '')}</td></tr>`)
    .join('');
  return `<h2>${words.members}</h2><table>${rows}</table>\n`;
}

export function transactionsStart(words: PageWords): string {
  return `<h2>${words.transactions}</h2><table>\n`;
}

export function transactionRow(transaction: ExportTransaction): string {
  const cells = [
    String(transaction.id),
    transaction.createdAt.replace('T', ' ').slice(0, 16),
    transaction.paymentType,
    transaction.status,
    `${(transaction.amount / 100).toFixed(2)} ${transaction.currency}`,
    transaction.taskNumber === null ? '' : `#${transaction.taskNumber}`,
    transaction.documentName ?? '',
  ];
  return `<tr>${cells.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>\n`;
}

export const TRANSACTIONS_END = '</table>\n';
export const PAGE_END = '</body></html>\n';

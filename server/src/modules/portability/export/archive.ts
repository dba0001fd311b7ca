/**
 * Makes one project's archive (issue 37) in bounded memory: tasks are read a page at a time and their
 * messages a page at a time, each written at once to `project.json`, the parts of `index.html` and
 * `transactions.csv` in a working folder on disk; the task and chat files are added to the zip lazily
 * (each opened only when the zip reaches it), then the three written files, and the zip is streamed
 * to disk. Nothing of the project is held whole, whatever its size.
 */
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION, type ExportPerson } from '@negayno/shared/contract/export-format';
import type { Language } from '@negayno/shared/contract';
import { ZipFile } from 'yazl';
import type { Db } from '../../../db/connection.js';
import type { FileStore } from '../../files/index.js';
import type { ExportScope } from '../policy.js';
import {
  CHAT_END,
  PAGE_END,
  TASK_END,
  TOC_END,
  TRANSACTIONS_END,
  chatStart,
  membersHtml,
  messageHtml,
  pageHead,
  taskStart,
  tocEntry,
  transactionRow,
  transactionsStart,
  wordsOf,
} from './html.js';
import { CSV_HEADER, csvRow, iso, isoOrNull, toDocument, toFile, toHistory, toMembers, toMessage, toTask, toTransaction } from './presenters.js';
import { countTasks, membersOf, messagesOfTasks, partsOfTasks, projectOf, taskPage, transactionsOf, type MessageRowOfExport } from './repo.js';

export interface ArchiveInput {
  db: Db;
  store: Pick<FileStore, 'read'>;
  scope: ExportScope;
  exporter: ExportPerson & { language: Language };
  /** Where the zip is written. */
  zipPath: string;
  /** An empty folder for the files written before they are zipped. */
  workDir: string;
  /** Told after each page of tasks: the share of the tasks written, 0–1. */
  onProgress(share: number): Promise<void>;
}

/** A file written as text, waiting whenever the disk is behind. */
class TextFile {
  private readonly stream: WriteStream;
  constructor(readonly path: string) {
    this.stream = createWriteStream(path);
  }
  async write(text: string): Promise<void> {
    if (!this.stream.write(text)) await new Promise<void>((resolve) => this.stream.once('drain', resolve));
  }
  async close(): Promise<void> {
    await new Promise<void>((resolve, reject) => this.stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
}

/** An async iterator that can look at its next item without taking it. */
class Peekable<T> {
  private head: IteratorResult<T> | null = null;
  constructor(private readonly iterator: AsyncIterator<T>) {}
  async peek(): Promise<T | null> {
    this.head ??= await this.iterator.next();
    return this.head.done ? null : this.head.value;
  }
  take(): void {
    this.head = null;
  }
}

/** A name safe as one path segment in any unzipper: no separators, control characters or leading dots. */
export function safeName(name: string): string {
  const clean = name
    .replace(/[\p{Cc}/\\:*?"<>|]/gu, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 150);
  return clean || 'file';
}

/** `files/<taskNumber>/<name>`, the name made unique within the task's folder. */
function uniquePath(folder: string, name: string, used: Set<string>): string {
  const safe = safeName(name);
  const dot = safe.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ''];
  let candidate = safe;
  for (let copy = 2; used.has(candidate.toLowerCase()); copy++) candidate = `${stem} (${copy})${extension}`;
  used.add(candidate.toLowerCase());
  return `${folder}/${candidate}`;
}

export async function writeArchive(input: ArchiveInput): Promise<{ size: number }> {
  const zip = new ZipFile();
  const zipped = pipeline(zip.outputStream, createWriteStream(input.zipPath));
  try {
    await fillArchive(input, zip);
  } catch (error) {
    // The zip's streams end with the failure, so no file is left open (the service removes it).
    (zip.outputStream as Readable).destroy(error as Error);
    await zipped.catch(() => undefined);
    throw error;
  }
  zip.end();
  await zipped;
  return { size: (await stat(input.zipPath)).size };
}

/** Writes the project's parts and adds them, and its files, to the zip (which the caller ends). */
async function fillArchive(input: ArchiveInput, zip: ZipFile): Promise<void> {
  const { db, scope, exporter } = input;
  const words = wordsOf(exporter.language);

  const addStored = (key: string, path: string) =>
    zip.addReadStreamLazy(path, (callback) => {
      input.store.read(key).then(
        // A file missing from the store (removed by hand) is an empty entry, not a failed export.
        (found) => callback(null, found ? found.stream : Readable.from([])),
        (error: Error) => callback(error, undefined as never),
      );
    });

  const json = new TextFile(join(input.workDir, 'project.json'));
  const toc = new TextFile(join(input.workDir, 'toc.html'));
  const body = new TextFile(join(input.workDir, 'body.html'));
  const tail = new TextFile(join(input.workDir, 'tail.html'));
  const csv = new TextFile(join(input.workDir, 'transactions.csv'));
  try {
    const project = await projectOf(db, scope.projectId);
    const members = toMembers(await membersOf(db, scope.projectId), scope);
    const exportedBy: ExportPerson = { id: exporter.id, firstname: exporter.firstname, lastname: exporter.lastname };
    const header = {
      format: EXPORT_FORMAT,
      version: EXPORT_FORMAT_VERSION,
      exportedAt: iso(new Date()),
      exportedBy,
      project: {
        id: project.id,
        name: project.name,
        currency: project.currency,
        createdAt: iso(project.created_at),
        archivedAt: isoOrNull(project.archived_at),
      },
    };
    await json.write(`${JSON.stringify(header).slice(0, -1)},"members":${JSON.stringify(members)},"tasks":[`);
    await toc.write(pageHead(header, words, exporter.language));

    const total = await countTasks(db, scope);
    let written = 0;
    let afterId = 0;
    for (;;) {
      const page = await taskPage(db, scope, afterId);
      if (page.length === 0) break;
      const ids = page.map((task) => task.id);
      const parts = await partsOfTasks(db, ids, scope.documents);
      const messages = new Peekable<MessageRowOfExport>(
        scope.chatKeys.length > 0 ? messagesOfTasks(db, ids, scope.chatKeys)[Symbol.asyncIterator]() : (async function* () {})(),
      );
      for (const row of page) {
        const folder = `files/${row.number}`;
        const used = new Set(['chats']);
        const files = parts.files
          .filter((file) => file.task_id === row.id)
          .map((file) => {
            const path = uniquePath(folder, file.name, used);
            addStored(file.storage_key, path);
            return toFile(file, path);
          });
        const task = toTask(row, {
          performerIds: parts.performers.filter((performer) => performer.task_id === row.id).map((performer) => performer.user_id),
          descriptionHistory: parts.history.filter((entry) => entry.task_id === row.id).map(toHistory),
          documents: parts.docs.filter((document) => document.task_id === row.id).map((document) => toDocument(document, scope)),
          files,
        });
        await json.write(`${written > 0 ? ',' : ''}${JSON.stringify(task).slice(0, -1)},"chats":[`);
        await toc.write(tocEntry(task));
        await body.write(taskStart({ ...task, chats: [] }, words));
        let chat: string | null = null;
        for (let message = await messages.peek(); message && message.task_id === row.id; message = await messages.peek()) {
          messages.take();
          if (message.key !== chat) {
            if (chat !== null) {
              await json.write(']},');
              await body.write(CHAT_END);
            }
            chat = message.key;
            await json.write(`{"kind":${JSON.stringify(chat)},"messages":[`);
            await body.write(chatStart({ kind: message.key }, words));
          } else {
            await json.write(',');
          }
          let filePath: string | null = null;
          if (message.fileKey !== null && message.fileName !== null) {
            filePath = uniquePath(`${folder}/chats`, message.fileName, used);
            addStored(message.fileKey, filePath);
          }
          const exported = toMessage(message, filePath);
          await json.write(JSON.stringify(exported));
          await body.write(messageHtml(exported, words));
        }
        if (chat !== null) {
          await json.write(']}');
          await body.write(CHAT_END);
        }
        await json.write(']}');
        await body.write(TASK_END);
        written += 1;
      }
      afterId = page[page.length - 1]!.id;
      await input.onProgress(total === 0 ? 1 : Math.min(1, written / total));
    }

    await json.write('],"transactions":[');
    await toc.write(TOC_END);
    await tail.write(membersHtml(members, words));
    await csv.write(CSV_HEADER);
    if (scope.transactions) {
      await tail.write(transactionsStart(words));
      let first = true;
      for await (const row of transactionsOf(db, scope.projectId)) {
        const transaction = toTransaction(row);
        await json.write(`${first ? '' : ','}${JSON.stringify(transaction)}`);
        await csv.write(csvRow(transaction));
        await tail.write(transactionRow(transaction));
        first = false;
      }
      await tail.write(TRANSACTIONS_END);
    }
    await json.write(']}\n');
    await tail.write(PAGE_END);
  } finally {
    await Promise.all([json, toc, body, tail, csv].map((file) => file.close()));
  }

  const index = join(input.workDir, 'index.html');
  await pipeline(
    (async function* () {
      for (const part of [toc, body, tail]) yield* createReadStream(part.path);
    })(),
    createWriteStream(index),
  );
  zip.addFile(json.path, 'project.json');
  zip.addFile(index, 'index.html');
  zip.addFile(csv.path, 'transactions.csv');
}

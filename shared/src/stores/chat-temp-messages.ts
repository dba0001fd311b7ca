/**
 * Temporary chat messages kept in the browser (spec 3 "Temporary chat message"): every message the
 * person sends is written here first, with its file, and stays until the server's message replaces it
 * or the person cancels it, so a closed tab, a reload or a cut network never loses it. IndexedDB through
 * idb: database 'chat', store 'chatTempMessages', key '{chatId}_{tempId}', version 1.
 */
import type { DBSchema, IDBPDatabase } from 'idb';

export const TEMP_DB_NAME = 'chat';
export const TEMP_STORE = 'chatTempMessages';
export const TEMP_DB_VERSION = 1;
/** Spec 9: temporary messages are purged after 30 days. */
export const TEMP_MESSAGE_TTL_MS = 30 * 24 * 3600 * 1000;

export type TempStatus = 'sending' | 'error';

/** A file as stored: the bytes with their name and type (a Blob would not survive every IndexedDB). */
export interface StoredFile {
  name: string;
  type: string;
  data: ArrayBuffer;
}

export interface TempMessage {
  /** The temp id: the idempotency key of the send (`tempId`), so a re-send never makes a second message. */
  id: string;
  hasTemp: true;
  status: TempStatus;
  chatId: number;
  message: string;
  parentMessageId: number | null;
  quote: string | null;
  /** Same as `id` when a file goes with it (spec 3 names it apart). */
  tempFileId: string | null;
  file: StoredFile | null;
  /** Milliseconds since the epoch. */
  createdAt: number;
  expiresAt: number;
}

interface ChatDb extends DBSchema {
  chatTempMessages: { key: string; value: TempMessage };
}

export function tempKey(chatId: number, tempId: string): string {
  return `${chatId}_${tempId}`;
}

let opened: Promise<IDBPDatabase<ChatDb>> | null = null;

/** idb is fetched with the first message kept (issue 17): the stores load on every page, the login page's too. */
function db(): Promise<IDBPDatabase<ChatDb>> {
  opened ??= import('idb').then(({ openDB }) =>
    openDB<ChatDb>(TEMP_DB_NAME, TEMP_DB_VERSION, {
      upgrade(database) {
        database.createObjectStore(TEMP_STORE);
      },
    }),
  );
  return opened;
}

/**
 * The browser's storage of temporary messages. Failures to read or delete are only logged (spec 8):
 * a browser without IndexedDB (a private window) still sends, it just cannot keep a message over a reload.
 */
export const tempMessages = {
  async put(temp: TempMessage): Promise<void> {
    try {
      await (await db()).put(TEMP_STORE, temp, tempKey(temp.chatId, temp.id));
    } catch (error) {
      console.warn('temp message not stored', error);
    }
  },

  async remove(chatId: number, tempId: string): Promise<void> {
    try {
      await (await db()).delete(TEMP_STORE, tempKey(chatId, tempId));
    } catch (error) {
      console.warn('temp message not deleted', error);
    }
  },

  /**
   * Every chat's temporary messages, oldest first; expired ones are purged on the way. A browser that
   * never kept one has no database: idb is not fetched for nothing then (it is asked on every page).
   */
  async all(now = Date.now()): Promise<TempMessage[]> {
    try {
      if (typeof indexedDB.databases === 'function' && !(await indexedDB.databases()).some((known) => known.name === TEMP_DB_NAME)) return [];
    } catch {
      return [];
    }
    return this.ofChat(null, now);
  },

  /** The chat's temporary messages (every chat's with null), oldest first; expired ones (of any chat) are purged on the way. */
  async ofChat(chatId: number | null, now = Date.now()): Promise<TempMessage[]> {
    try {
      const database = await db();
      const kept: TempMessage[] = [];
      const tx = database.transaction(TEMP_STORE, 'readwrite');
      for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
        if (cursor.value.expiresAt <= now) await cursor.delete();
        else if (chatId === null || cursor.value.chatId === chatId) kept.push(cursor.value);
      }
      await tx.done;
      return kept.sort((a, b) => a.createdAt - b.createdAt);
    } catch (error) {
      console.warn('temp messages not read', error);
      return [];
    }
  },
};

export function fileOf(stored: StoredFile): File {
  return new File([stored.data], stored.name, { type: stored.type });
}

export async function storeFile(file: File): Promise<StoredFile> {
  return { name: file.name, type: file.type, data: await file.arrayBuffer() };
}

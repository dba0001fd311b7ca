/**
 * Where attachment bytes live. One interface so that a shared object store can stand in for the local
 * disk when the server runs as several processes; the local store keeps them under FILES_DIR.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

export interface FileStore {
  /** Moves a finished temporary file in under the key. */
  putFile(key: string, sourcePath: string): Promise<void>;
  read(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
  /** A directory for uploads in progress, on the same disk so putFile is a rename. */
  tempDir(): Promise<string>;
}

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  /** Keys are made by the server (`{taskId}/{uuid}.{ext}`); this refuses anything that would leave the root. */
  private pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(resolve(this.root) + sep)) throw new Error(`file key outside the store: ${key}`);
    return path;
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    await rename(sourcePath, target);
  }

  async read(key: string): Promise<{ stream: Readable; size: number } | null> {
    const path = this.pathOf(key);
    try {
      const { size } = await stat(path);
      return { stream: createReadStream(path), size };
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async tempDir(): Promise<string> {
    const dir = join(this.root, '.uploads');
    await mkdir(dir, { recursive: true });
    return dir;
  }
}

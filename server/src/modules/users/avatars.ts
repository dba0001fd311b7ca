/**
 * Avatars on local disk under `<DATA_DIR>/files/avatars`, served at `/files/avatars/{name}`. An upload
 * is believed only by its content: sharp decodes it (whatever name or Content-Type it came with), and
 * only a JPEG, PNG, WebP or GIF picture is taken; it is re-encoded as a 256 px WebP square, so what is
 * stored and served is always an image we wrote, never the uploaded bytes.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AVATAR } from '@negayno/shared/contract';
import sharp from 'sharp';
import { AppError } from '../../http/app-error.js';
import { MAX_DECODED_PIXELS } from '../../lib/image-limits.js';

/** What sharp names the formats people upload as avatars (its `metadata().format`). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

export const AVATAR_DIR = 'avatars';
/** `avatars/12-3f9a….webp`: the only names the avatar route serves. */
export const AVATAR_NAME = /^\d+-[a-f0-9]{16}\.webp$/;

export class AvatarStore {
  constructor(private readonly filesDir: string) {}

  get dir(): string {
    return join(this.filesDir, AVATAR_DIR);
  }

  /** Answers the stored path relative to the files directory (`avatars/…`), as users.avatar_path keeps it. */
  async save(userId: number, upload: Buffer): Promise<string> {
    if (upload.length === 0) throw new AppError('file_is_empty', { file: 'file_is_empty' });
    if (upload.length > AVATAR.maxBytes) throw new AppError('file_is_too_large', { file: 'file_is_too_large' });
    const image = sharp(upload, { limitInputPixels: MAX_DECODED_PIXELS, animated: false });
    const format = await image
      .metadata()
      .then((metadata) => metadata.format)
      .catch(() => undefined);
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppError('file_is_invalid', { file: 'file_is_invalid' });
    const square = await image
      .rotate() // honours the EXIF orientation of phone photos
      .resize(AVATAR.sizePx, AVATAR.sizePx, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer()
      .catch(() => {
        throw new AppError('file_is_invalid', { file: 'file_is_invalid' });
      });
    const name = `${userId}-${randomBytes(8).toString('hex')}.webp`;
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, name), square);
    return `${AVATAR_DIR}/${name}`;
  }

  /** Removes a stored avatar; one already gone is fine. */
  async remove(path: string | null): Promise<void> {
    const name = path?.startsWith(`${AVATAR_DIR}/`) ? path.slice(AVATAR_DIR.length + 1) : null;
    if (name && AVATAR_NAME.test(name)) await rm(join(this.dir, name), { force: true });
  }
}

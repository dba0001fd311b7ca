/**
 * Previews made on upload with sharp: a small webp for the file card and the gallery's thumbnail
 * strip, the image's size, and its dominant colour as the card's background while it loads.
 */
import type { FileKind } from '@negayno/shared/contract';
import sharp from 'sharp';

/** Twice the gallery's 120×80 thumbnails and enough for a file card on a dense screen. */
const THUMB = { width: 480, height: 320 } as const;

/** Raster formats sharp reads safely; SVG is never rendered on the server. */
const THUMBNAILED = new Set(['png', 'jpe', 'jpeg', 'jpg', 'gif', 'webp', 'tiff', 'tif']);

/** A card's background for files that have no picture. */
export const KIND_COLORS: Record<FileKind, string> = {
  image: '#8a8886',
  video: '#4f6bed',
  audio: '#8764b8',
  archive: '#c19c00',
  design: '#e3008c',
  documents: '#0078d4',
};

export interface Preview {
  thumbPath: string | null;
  color: string;
  width: number | null;
  height: number | null;
}

const hex = (value: number) => value.toString(16).padStart(2, '0');

/** Writes the thumbnail beside the upload; a picture sharp cannot read just has none. */
export async function makePreview(sourcePath: string, extension: string, kind: FileKind): Promise<Preview> {
  if (!THUMBNAILED.has(extension)) return { thumbPath: null, color: KIND_COLORS[kind], width: null, height: null };
  try {
    const image = sharp(sourcePath, { animated: false, limitInputPixels: 100_000_000 });
    const [metadata, stats] = await Promise.all([image.metadata(), image.stats()]);
    const thumbPath = `${sourcePath}.thumb.webp`;
    await sharp(sourcePath, { animated: false, limitInputPixels: 100_000_000 })
      .rotate()
      .resize(THUMB.width, THUMB.height, { fit: 'cover', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toFile(thumbPath);
    const { r, g, b } = stats.dominant;
    const rotated = (metadata.orientation ?? 1) >= 5;
    return {
      thumbPath,
      color: `#${hex(r)}${hex(g)}${hex(b)}`,
      width: (rotated ? metadata.height : metadata.width) ?? null,
      height: (rotated ? metadata.width : metadata.height) ?? null,
    };
  } catch {
    return { thumbPath: null, color: KIND_COLORS[kind], width: null, height: null };
  }
}

/**
 * Previews made on upload with sharp: a small webp for the file card and the gallery's thumbnail
 * strip, the image's size, and its dominant colour as the card's background while it loads.
 *
 * A picture is decoded once, and only when its header says it is at most MAX_DECODED_PIXELS: a larger
 * one (a decompression bomb, or a huge scan) is stored without a preview, with its size from the
 * header. Previews are made one at a time: each holds one of libuv's four threads, which file I/O and
 * the other requests need too, and a burst past PREVIEW_QUEUE waiting uploads is stored without.
 */
import type { FileKind } from '@negayno/shared/contract';
import sharp, { type Metadata } from 'sharp';
import { MAX_DECODED_PIXELS } from '../../lib/image-limits.js';
import { WorkQueue } from '../../lib/work-queue.js';

/** Twice the gallery's 120×80 thumbnails and enough for a file card on a dense screen. */
const THUMB = { width: 480, height: 320 } as const;

/** Raster formats sharp reads safely; SVG is never rendered on the server. */
const THUMBNAILED = new Set(['png', 'jpe', 'jpeg', 'jpg', 'gif', 'webp', 'tiff', 'tif']);

/** One preview at a time; past sixteen waiting uploads, a burst is stored without previews rather than queued without end. */
const PREVIEW_QUEUE = { concurrency: 1, maxWaiting: 16 } as const;
const previews = new WorkQueue(PREVIEW_QUEUE);

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

/** Width and height as the picture is shown (EXIF orientations 5–8 turn it a quarter). */
function shownSize(metadata: Metadata): Pick<Preview, 'width' | 'height'> {
  const turned = (metadata.orientation ?? 1) >= 5;
  return { width: (turned ? metadata.height : metadata.width) ?? null, height: (turned ? metadata.width : metadata.height) ?? null };
}

/**
 * Decodes the picture once, into the thumbnail's pixels: the webp and the dominant colour are both
 * made from those (the colour of the part the card shows).
 */
async function render(sourcePath: string, thumbPath: string): Promise<string> {
  const { data, info } = await sharp(sourcePath, { animated: false, limitInputPixels: MAX_DECODED_PIXELS })
    .rotate()
    .resize(THUMB.width, THUMB.height, { fit: 'cover', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const [stats] = await Promise.all([pixels().stats(), pixels().webp({ quality: 78 }).toFile(thumbPath)]);
  const { r, g, b } = stats.dominant;
  return `#${hex(r)}${hex(g)}${hex(b)}`;
}

/** Writes the thumbnail beside the upload; a picture sharp cannot read, or too large to decode, just has none. */
export async function makePreview(sourcePath: string, extension: string, kind: FileKind): Promise<Preview> {
  const none: Preview = { thumbPath: null, color: KIND_COLORS[kind], width: null, height: null };
  if (!THUMBNAILED.has(extension)) return none;
  // The header only, so no pixel limit (sharp's would refuse to tell a bomb's size): nothing is decoded.
  const metadata = await sharp(sourcePath, { animated: false, limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!metadata?.width || !metadata.height) return none;
  const withSize = { ...none, ...shownSize(metadata) };
  if (metadata.width * metadata.height > MAX_DECODED_PIXELS) return withSize;
  const thumbPath = `${sourcePath}.thumb.webp`;
  const color = await previews.run(() => render(sourcePath, thumbPath)).catch(() => null);
  return color === null ? withSize : { ...withSize, thumbPath, color };
}

/**
 * Checks an upload by its content, not only its name (spec 5 "Allowed attachment extensions",
 * decisions 4): the first bytes must be what the extension says. Formats with a known signature must
 * show it; the few proprietary formats without one pass only when their bytes look like none of the
 * known types and like no program or web page.
 */

/** The families the first bytes can reveal. */
type Detected =
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'bmp'
  | 'ico'
  | 'tiff'
  | 'jp2'
  | 'pdf'
  | 'postscript'
  | 'zip'
  | 'rar'
  | '7z'
  | 'gzip'
  | 'tar'
  | 'lzip'
  | 'zstd'
  | 'iso'
  | 'ole'
  | 'rtf'
  | 'mp4'
  | 'ebml'
  | 'avi'
  | 'wav'
  | 'asf'
  | 'mpeg-ps'
  | 'ogg'
  | 'flac'
  | 'mp3'
  | 'aac'
  | 'aiff'
  | 'amr'
  | 'midi'
  | 'psd'
  | 'xcf'
  | 'cdr'
  | 'indd'
  | 'h264'
  | 'executable'
  | 'svg'
  | 'html'
  | 'text';

/** How many leading bytes the check reads (an ISO image names itself at 32 KiB). */
export const HEAD_BYTES = 64 * 1024;

const ascii = (head: Buffer, offset: number, text: string) =>
  head.length >= offset + text.length && head.toString('latin1', offset, offset + text.length) === text;
const bytes = (head: Buffer, offset: number, values: number[]) =>
  head.length >= offset + values.length && values.every((value, i) => head[offset + i] === value);

function detectBinary(head: Buffer): Detected | null {
  if (bytes(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (bytes(head, 0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return 'gif';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'webp';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'AVI ')) return 'avi';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'wav';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'CDR')) return 'cdr';
  if (ascii(head, 0, 'BM') && head.length > 14) return 'bmp';
  if (bytes(head, 0, [0, 0, 1, 0]) || bytes(head, 0, [0, 0, 2, 0])) return 'ico';
  if (bytes(head, 0, [0x49, 0x49, 0x2a, 0x00]) || bytes(head, 0, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (bytes(head, 0, [0, 0, 0, 0x0c, 0x6a, 0x50, 0x20, 0x20]) || bytes(head, 0, [0xff, 0x4f, 0xff, 0x51])) return 'jp2';
  if (ascii(head, 0, '%PDF-')) return 'pdf';
  if (ascii(head, 0, '%!PS') || bytes(head, 0, [0xc5, 0xd0, 0xd3, 0xc6])) return 'postscript';
  if (bytes(head, 0, [0x50, 0x4b, 0x03, 0x04]) || bytes(head, 0, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (ascii(head, 0, 'Rar!\x1a\x07')) return 'rar';
  if (bytes(head, 0, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return '7z';
  if (bytes(head, 0, [0x1f, 0x8b])) return 'gzip';
  if (ascii(head, 257, 'ustar')) return 'tar';
  if (ascii(head, 0, 'LZIP')) return 'lzip';
  if (bytes(head, 0, [0x28, 0xb5, 0x2f, 0xfd])) return 'zstd';
  if (ascii(head, 32769, 'CD001')) return 'iso';
  if (bytes(head, 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (ascii(head, 0, '{\\rtf')) return 'rtf';
  if (ascii(head, 4, 'ftyp') || ascii(head, 4, 'moov') || ascii(head, 4, 'mdat') || ascii(head, 4, 'wide') || ascii(head, 4, 'free')) return 'mp4';
  if (bytes(head, 0, [0x1a, 0x45, 0xdf, 0xa3])) return 'ebml';
  if (bytes(head, 0, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return 'asf';
  if (bytes(head, 0, [0, 0, 1, 0xba]) || bytes(head, 0, [0, 0, 1, 0xb3])) return 'mpeg-ps';
  if (bytes(head, 0, [0, 0, 0, 1]) || bytes(head, 0, [0, 0, 1])) return 'h264';
  if (ascii(head, 0, 'OggS')) return 'ogg';
  if (ascii(head, 0, 'fLaC')) return 'flac';
  if (ascii(head, 0, 'ID3')) return 'mp3';
  if (head.length > 1 && head[0] === 0xff && (head[1]! & 0xf6) === 0xf0) return 'aac';
  if (head.length > 1 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) return 'mp3';
  if (ascii(head, 0, 'FORM') && (ascii(head, 8, 'AIFF') || ascii(head, 8, 'AIFC'))) return 'aiff';
  if (ascii(head, 0, '#!AMR')) return 'amr';
  if (ascii(head, 0, 'MThd')) return 'midi';
  if (ascii(head, 0, '8BPS')) return 'psd';
  if (ascii(head, 0, 'gimp xcf')) return 'xcf';
  if (bytes(head, 0, [0x06, 0x06, 0xed, 0xf5, 0xd8, 0x1d, 0x46, 0xe5])) return 'indd';
  if (
    ascii(head, 0, 'MZ') ||
    ascii(head, 0, '\x7fELF') ||
    ascii(head, 0, '#!') ||
    bytes(head, 0, [0xcf, 0xfa, 0xed, 0xfe]) ||
    bytes(head, 0, [0xca, 0xfe, 0xba, 0xbe])
  )
    return 'executable';
  return null;
}

function isUtf8Text(head: Buffer): boolean {
  if (head.includes(0)) return false;
  // A cut in the middle of a multi-byte character at the end of the head is not an error of the file.
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head.subarray(0, Math.max(0, head.length - 3)));
  return !text.includes('\uFFFD');
}

/** The family of the first bytes, or null when they match nothing known. */
export function detect(head: Buffer): Detected | null {
  const binary = detectBinary(head);
  if (binary) return binary;
  if (!isUtf8Text(head)) return null;
  const start = head
    .toString('utf8', 0, 2048)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (/^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!doctype svg[^>]*>\s*)?<svg[\s>]/.test(start)) return 'svg';
  if (/^(?:<!doctype html|<html|<script|<head|<body|<iframe)/.test(start)) return 'html';
  return 'text';
}

const TEXT: Detected[] = ['text', 'html', 'svg'];
const MP4: Detected[] = ['mp4'];
const MP3: Detected[] = ['mp3', 'aac'];

/** What each extension's bytes may be. Extensions missing here are proprietary formats without a signature. */
const EXPECTED: Record<string, Detected[]> = {
  png: ['png'],
  jpe: ['jpeg'],
  jpeg: ['jpeg'],
  jpg: ['jpeg'],
  jp2: ['jp2'],
  jpeg2000: ['jp2'],
  gif: ['gif'],
  bmp: ['bmp'],
  ico: ['ico', 'png'],
  tiff: ['tiff'],
  tif: ['tiff'],
  nef: ['tiff'],
  svg: ['svg'],
  svgz: ['gzip'],
  webp: ['webp'],
  mp4: MP4,
  m4v: MP4,
  mov: MP4,
  m4a: MP4,
  alac: MP4,
  mkv: ['ebml'],
  webm: ['ebml'],
  avi: ['avi'],
  divx: ['avi'],
  xvid: ['avi'],
  wmv: ['asf'],
  wma: ['asf'],
  mpg: ['mpeg-ps'],
  mpeg: ['mpeg-ps'],
  vob: ['mpeg-ps'],
  h264: ['h264', 'mp4'],
  ogv: ['ogg'],
  ogg: ['ogg'],
  opus: ['ogg'],
  mp3: MP3,
  aac: ['aac', 'mp3', 'mp4'],
  wav: ['wav'],
  flac: ['flac'],
  aiff: ['aiff'],
  aif: ['aiff'],
  amr: ['amr'],
  mid: ['midi'],
  midi: ['midi'],
  m3u: TEXT,
  zip: ['zip'],
  zipx: ['zip'],
  rar: ['rar'],
  tar: ['tar'],
  gz: ['gzip'],
  tgz: ['gzip'],
  '7z': ['7z'],
  lz: ['lzip'],
  zst: ['zstd'],
  iso: ['iso'],
  psd: ['psd'],
  ai: ['pdf', 'postscript'],
  eps: ['postscript'],
  cdr: ['cdr', 'zip'],
  sketch: ['zip'],
  xd: ['zip'],
  indd: ['indd'],
  ora: ['zip'],
  xcf: ['xcf'],
  kra: ['zip'],
  procreate: ['zip'],
  txt: TEXT,
  sql: TEXT,
  log: TEXT,
  csv: TEXT,
  doc: ['ole'],
  xls: ['ole'],
  ppt: ['ole'],
  docx: ['zip'],
  xlsx: ['zip'],
  pptx: ['zip'],
  odt: ['zip'],
  ods: ['zip'],
  odp: ['zip'],
  epub: ['zip'],
  pages: ['zip'],
  numbers: ['zip'],
  pdf: ['pdf'],
  rtf: ['rtf'],
};

/** Whether the bytes fit the extension (which must already be an allowed one). */
export function contentFitsExtension(extension: string, head: Buffer): boolean {
  const detected = detect(head);
  const expected = EXPECTED[extension];
  if (expected) return detected !== null && expected.includes(detected);
  // fig, affinity, afdesign, afphoto, afpub, qxp: no public signature; refuse anything recognisably else.
  return detected === null;
}

/** The content type a checked file is served with. */
export function mimeOf(extension: string, detected: Detected | null): string {
  const byFamily: Partial<Record<Detected, string>> = {
    png: 'image/png',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    bmp: 'image/bmp',
    ico: 'image/x-icon',
    tiff: 'image/tiff',
    svg: 'image/svg+xml',
    pdf: 'application/pdf',
    zip: 'application/zip',
    ebml: extension === 'webm' ? 'video/webm' : 'video/x-matroska',
    avi: 'video/x-msvideo',
    wav: 'audio/wav',
    ogg: extension === 'ogv' ? 'video/ogg' : 'audio/ogg',
    flac: 'audio/flac',
    mp3: 'audio/mpeg',
    'mpeg-ps': 'video/mpeg',
    text: 'text/plain; charset=utf-8',
    html: 'text/plain; charset=utf-8',
  };
  if (detected === 'mp4') return extension === 'm4a' || extension === 'alac' ? 'audio/mp4' : extension === 'mov' ? 'video/quicktime' : 'video/mp4';
  return (detected && byFamily[detected]) ?? 'application/octet-stream';
}

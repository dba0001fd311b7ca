/** Allowed attachment extensions per kind (spec section 5). */
export const FILE_TYPES = {
  video: ['mp4', 'mkv', 'mov', 'avi', 'wmv', 'webm', 'mpg', 'mpeg', 'vob', 'ogv', 'm4v', 'h264', 'divx', 'xvid'],
  audio: ['mp3', 'm3u', 'wav', 'm4a', 'flac', 'ogg', 'wma', 'aac', 'alac', 'aiff', 'aif', 'amr', 'opus', 'mid', 'midi'],
  image: ['png', 'jpe', 'jpeg', 'jp2', 'jpeg2000', 'jpg', 'gif', 'bmp', 'ico', 'tiff', 'tif', 'svg', 'svgz', 'webp', 'nef'],
  archive: ['zip', 'zipx', 'rar', 'tar', 'gz', 'tgz', '7z', 'lz', 'zst', 'iso'],
  design: ['psd', 'ai', 'eps', 'cdr', 'fig', 'sketch', 'xd', 'indd', 'affinity', 'afdesign', 'afphoto', 'afpub', 'ora', 'xcf', 'kra', 'procreate', 'qxp'],
  documents: ['txt', 'sql', 'log', 'doc', 'docx', 'pdf', 'rtf', 'odt', 'pages', 'xls', 'xlsx', 'csv', 'ods', 'numbers', 'ppt', 'pptx', 'odp', 'epub'],
} as const;

export type FileKind = keyof typeof FILE_TYPES;

const KIND_BY_EXTENSION = new Map<string, FileKind>(
  (Object.keys(FILE_TYPES) as FileKind[]).flatMap((kind) => FILE_TYPES[kind].map((ext) => [ext, kind] as const)),
);

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/** The kind of an allowed file, or null when its extension is not allowed. */
export function fileKindOf(fileName: string): FileKind | null {
  return KIND_BY_EXTENSION.get(extensionOf(fileName)) ?? null;
}

/** Only images and videos open in the gallery. */
export function opensInGallery(fileName: string): boolean {
  const kind = fileKindOf(fileName);
  return kind === 'image' || kind === 'video';
}

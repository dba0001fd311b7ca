/**
 * File names as people see them: no path (a browser may send `C:\dir\a.png`), no control or bidi
 * characters (a name must not disguise its extension), at most the name length, the extension kept.
 */
import { LENGTH, extensionOf, withoutHiddenControls } from '@negayno/shared/contract';

/** The base name of an uploaded file, cleaned; '' when nothing visible is left. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  return withoutHiddenControls(base)
    .replace(/\p{Cc}/gu, '')
    .trim()
    .replace(/^\.+/, '');
}

/** A name that ends in the file's extension, within the length limit (the stem is what gets cut). */
export function withExtension(name: string, extension: string): string {
  const stem = extensionOf(name) === extension ? name.slice(0, -(extension.length + 1)) : name;
  const suffix = `.${extension}`;
  return `${stem.slice(0, LENGTH.name - suffix.length).trimEnd() || 'file'}${suffix}`;
}

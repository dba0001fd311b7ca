/**
 * The release files' paths are made from words a person or a build wrote (a version on the command
 * line, a build's `buildVersion`): each is checked before it becomes part of a path, and every joined
 * path must stay inside its folder, so `remove mf-board ../..` can never reach the data directory.
 */
import { isAbsolute, join, relative, sep } from 'node:path';
import { ReleaseRefused } from './manifest.js';

/** What a version may hold: a package version and a build hash (`0.1.0-3f9a1c2b7d`, `1.2.0+rc.1`). */
const VERSION = /^[0-9A-Za-z.+-]+$/;

export function checkedVersion(version: string): string {
  if (!VERSION.test(version) || version === '.' || version === '..')
    throw new ReleaseRefused(`${JSON.stringify(version)} is not a version (letters, digits, ".", "+" and "-" only)`);
  return version;
}

/** `folder/…segments`, refused unless it lies strictly inside `folder`. */
export function pathInside(folder: string, ...segments: string[]): string {
  const path = join(folder, ...segments);
  const fromFolder = relative(folder, path);
  if (fromFolder === '' || isAbsolute(fromFolder) || fromFolder.split(sep)[0] === '..')
    throw new ReleaseRefused(`${segments.join('/')} leads outside ${folder}`);
  return path;
}

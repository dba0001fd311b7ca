/**
 * Where a download of the endpoint table is fetched from. Apart from the index (which the first screen
 * shares whole) because only the server's presenters build these addresses: the browser reads them from
 * the answers (`url`, `thumb`).
 */
import { pathFor, type FileEndpoint } from './endpoint.js';
import { API_ROOT } from './limits.js';

/**
 * The address of a download, for an `src` or `href` (and for the server's answers that point at one):
 * `fileUrl(endpoints.files.content, { id: 7 }, { download: 1 })` → `/api/file/7/content?download=1`.
 */
export function fileUrl(entry: FileEndpoint, params: Record<string, string | number>, query: Record<string, string | number> = {}): string {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)])).toString();
  return `${API_ROOT}${pathFor(entry.path, params)}${search ? `?${search}` : ''}`;
}

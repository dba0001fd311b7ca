/** Where things are on disk. Both src/ (tests, tsx) and dist/ sit one level below the server package. */
import { resolve } from 'node:path';

export const SERVER_ROOT = resolve(import.meta.dirname, '..');
export const REPO_ROOT = resolve(SERVER_ROOT, '..');

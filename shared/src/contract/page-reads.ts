/**
 * The API reads a page makes as it boots, named in its preload hints (issue 39) so that they travel
 * with the page's own files instead of one after another once the code that asks for them has run (the
 * session, then the version, then the projects, then the board: four round trips in a row). Only reads
 * every visitor of that page makes are named: a hint nobody uses costs its request and a console warning.
 * Paths are under the API root; the host's and the board's code ask for these same paths. Out of the
 * contract's index (which every first screen shares whole): only the server reads it,
 * `@negayno/shared/contract/page-reads`.
 */
import type { BoardView } from './entities.js';
import { idFromPath, redirectFor, ROUTES } from './routes.js';
import { allProjectsBoardRead, projectBoardRead } from './task-filter.js';

/** `home`: what the viewer's home shows (their profile's `board.home`), when the server knows who they are. */
export function readsOfPage(pathname: string, search: string, signedIn: boolean, home: BoardView['home'] | null = null): string[] {
  // A visitor the route guard sends elsewhere reads what that page reads; signed out, nothing is read.
  if (!signedIn || redirectFor(pathname, search, signedIn) !== null) return [];
  const reads = ['/user/profile', '/version'];
  // The home is a board too: the staff's across their projects, or a client's first project (found from the list).
  if (pathname === ROUTES.home) reads.push('/projects', ...(home === 'allProjects' ? [allProjectsBoardRead(search)] : []));
  const projectId = idFromPath(pathname, ROUTES.project);
  if (projectId !== null) reads.push('/projects', `/project/${projectId}`, projectBoardRead(projectId, search));
  const taskId = idFromPath(pathname, ROUTES.task);
  if (taskId !== null) {
    const params = new URLSearchParams(search);
    const boardId = Number(params.get('projectId'));
    // Over its project's board, or the staff's board across projects (`board=all`, whose filter the query is).
    reads.push('/projects');
    if (params.get('board') === 'all') {
      if (home === 'allProjects') reads.push(allProjectsBoardRead(search));
    } else if (Number.isSafeInteger(boardId) && boardId > 0) reads.push(`/project/${boardId}`, projectBoardRead(boardId, search));
    // What the open task's session reads at once (mf-task-chat task-session.ts).
    reads.push(`/task/${taskId}`, `/task/${taskId}/actions`, `/task/${taskId}/documents`, `/task/${taskId}/files`);
  }
  return reads;
}

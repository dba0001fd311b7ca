/**
 * A board's filter as a URL query (spec 2 "Filter panel"): the page's address carries it, the board's
 * request sends it, and the server names that request in the page's preload hints, so all three build
 * it here, the same way.
 */
import type { TaskFilter } from './entities.js';

/** The filter's fields, in the order a query lists them. */
export const TASK_FILTER_KEYS = ['taskNumber', 'taskName', 'projectId', 'text'] as const;

/** The non-empty, trimmed filter values as a query string, in a fixed order. */
export function filterQuery(filter: TaskFilter): string {
  const params = new URLSearchParams();
  for (const key of TASK_FILTER_KEYS) {
    const value = filter[key]?.trim();
    if (value) params.set(key, value);
  }
  return params.toString();
}

/** The filter a URL query carries (unknown parameters are ignored). */
export function parseFilter(params: URLSearchParams): TaskFilter {
  const filter: TaskFilter = {};
  for (const key of TASK_FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filter[key] = value;
  }
  return filter;
}

/** What the staff's board across projects asks for, under the API root: the cards with the page's filter, its project included. */
export function allProjectsBoardRead(pageSearch: string): string {
  const query = filterQuery(parseFilter(new URLSearchParams(pageSearch)));
  return `/tasks${query ? `?${query}` : ''}`;
}

/** What a project's board asks for, under the API root: its cards with the page's filter (the project is the path's). */
export function projectBoardRead(projectId: number, pageSearch: string): string {
  const query = filterQuery({ ...parseFilter(new URLSearchParams(pageSearch)), projectId: undefined });
  return `/project/${projectId}/tasks${query ? `?${query}` : ''}`;
}

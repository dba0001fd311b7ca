import type { TaskFilter } from '@negayno/shared/contract';
import { filterQuery, parseFilter } from '@negayno/shared/work-stores';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The filter the board applies: the URL query is its one source, so a link or a reload keeps it.
 * A project's page leaves out `projectId`: there it is the task link's backdrop hint, not a filter, and
 * counting it would reload the board each time a task opens.
 */
export function useAppliedFilter(withProject = true): TaskFilter {
  const [params] = useSearchParams();
  const parsed = parseFilter(params);
  const query = filterQuery(withProject ? parsed : { ...parsed, projectId: undefined });
  // One object per distinct query, so effects that depend on it run only when it changes.
  const [filter, setFilter] = useState(() => parseFilter(new URLSearchParams(query)));
  useEffect(() => setFilter(parseFilter(new URLSearchParams(query))), [query]);
  return filter;
}

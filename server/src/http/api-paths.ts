import { API_ROOT } from '@negayno/shared/contract';

export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

export function isApiPath(url: string): boolean {
  const path = pathOf(url);
  return path === API_ROOT || path.startsWith(`${API_ROOT}/`);
}

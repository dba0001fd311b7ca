/** Browser routes of the suite (spec section 2). Every remote and the host take them from here. */
export const ROUTES = {
  home: '/',
  login: '/login',
  loginAs: '/login-as',
  task: '/task',
  project: '/project',
  register: '/register',
  wregister: '/wregister',
  restorePassword: '/restore-password',
  profile: '/profile',
  notifications: '/notifications',
} as const;

/** Routes a signed-out visitor may open; everything else sends them to login. */
export const PUBLIC_ROUTES: readonly string[] = [ROUTES.login, ROUTES.loginAs, ROUTES.register, ROUTES.wregister, ROUTES.restorePassword];

export interface TaskRouteQuery {
  projectId?: number;
  taskName?: string;
  taskNumber?: number;
}

/** `/task/{id}?projectId=…&taskName=…&taskNumber=…`: the task drawer over its project's board. */
export function taskPath(id: number, query: TaskRouteQuery = {}): string {
  const params = new URLSearchParams();
  if (query.projectId !== undefined) params.set('projectId', String(query.projectId));
  if (query.taskName) params.set('taskName', query.taskName);
  if (query.taskNumber !== undefined) params.set('taskNumber', String(query.taskNumber));
  const search = params.toString();
  return `${ROUTES.task}/${id}${search ? `?${search}` : ''}`;
}

export function projectPath(id: number): string {
  return `${ROUTES.project}/${id}`;
}

/** Parses `/task/{id}` or `/project/{id}` into the id, or null when the path is not that route. */
export function idFromPath(pathname: string, base: string): number | null {
  const match = new RegExp(`^${base}/(\\d+)/?$`).exec(pathname);
  return match ? Number(match[1]) : null;
}

export function isPublicRoute(pathname: string): boolean {
  return PUBLIC_ROUTES.some((route) => pathname === route || pathname.startsWith(`${route}/`));
}

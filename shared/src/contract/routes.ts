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
  /** The operators' console (issue 31): `/ops/{section}`, operators only. */
  ops: '/ops',
} as const;

/** Routes a signed-out visitor may open; everything else sends them to login. */
export const PUBLIC_ROUTES: readonly string[] = [ROUTES.login, ROUTES.loginAs, ROUTES.register, ROUTES.wregister, ROUTES.restorePassword];

export interface TaskRouteQuery {
  projectId?: number;
  taskName?: string;
  taskNumber?: number;
  /**
   * 'all': the task opened from the staff's all-projects board, which stays behind it (and takes the
   * focus back on its card when it closes); `projectId`, `taskName` and `taskNumber` are then that
   * board's filter.
   */
  board?: 'all';
}

/** `/task/{id}?projectId=…&taskName=…&taskNumber=…[&board=all]`: the task drawer over its project's board (or the staff board). */
export function taskPath(id: number, query: TaskRouteQuery = {}): string {
  const params = new URLSearchParams();
  if (query.projectId !== undefined) params.set('projectId', String(query.projectId));
  if (query.taskName) params.set('taskName', query.taskName);
  if (query.taskNumber !== undefined) params.set('taskNumber', String(query.taskNumber));
  if (query.board) params.set('board', query.board);
  const search = params.toString();
  return `${ROUTES.task}/${id}${search ? `?${search}` : ''}`;
}

/** `/ops` or `/ops/{section}`: a section of the operators' console. */
export function opsPath(section?: string): string {
  return section ? `${ROUTES.ops}/${section}` : ROUTES.ops;
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

/** Screens a signed-in user has no business on. /login-as stays open: it signs in as someone else. */
const SIGNED_OUT_ONLY: readonly string[] = [ROUTES.login, ROUTES.register, ROUTES.wregister, ROUTES.restorePassword];

/**
 * Where the host's route guard sends the visitor, or null to stay: signed-out visitors of a private
 * route go to login (and come back after it), signed-in users on a sign-in or registration screen go
 * home. `rememberPath` is false after a deliberate sign-out: coming back to the page one just left by
 * signing out would surprise.
 */
export function redirectFor(pathname: string, search: string, signedIn: boolean, rememberPath = true): string | null {
  if (!signedIn && !isPublicRoute(pathname)) {
    const back = pathname === ROUTES.home || !rememberPath ? '' : `?next=${encodeURIComponent(pathname + search)}`;
    return `${ROUTES.login}${back}`;
  }
  if (signedIn && SIGNED_OUT_ONLY.includes(pathname)) {
    const next = new URLSearchParams(search).get('next');
    // Only same-site paths: an open redirect would let a link send a user anywhere after login.
    return next && next.startsWith('/') && !next.startsWith('//') ? next : ROUTES.home;
  }
  return null;
}

/** A single-spa application of the suite: the remote it loads and the routes it is active on. */
export interface PageApp {
  /** The remote's package (`mf-board`): the application's name and its container's. */
  app: string;
  /** The remote's federation name (`mf_board`), as remotes.json lists it. */
  remote: string;
  /** Whether the route belongs to this app, signed in or not. */
  matches: (pathname: string) => boolean;
  /** Auth screens are for signed-out visitors; the rest need a session. */
  public: boolean;
}

const startsWithRoute = (pathname: string, route: string) => pathname.startsWith(`${route}/`);

/**
 * The applications and their routes (spec 2). The task drawer opens over the board, so both are
 * active on /task/{id}. The host mounts them; the server names their files in a page's preload hints.
 */
export const PAGE_APPS: readonly PageApp[] = [
  { app: 'mf-auth', remote: 'mf_auth', matches: isPublicRoute, public: true },
  {
    app: 'mf-board',
    remote: 'mf_board',
    matches: (p) =>
      p === ROUTES.home || startsWithRoute(p, ROUTES.project) || startsWithRoute(p, ROUTES.task) || p === ROUTES.ops || startsWithRoute(p, ROUTES.ops),
    public: false,
  },
  { app: 'mf-task-chat', remote: 'mf_task_chat', matches: (p) => startsWithRoute(p, ROUTES.task), public: false },
  {
    app: 'mf-profile',
    remote: 'mf_profile',
    matches: (p) => p === ROUTES.profile || startsWithRoute(p, ROUTES.profile) || p === ROUTES.notifications,
    public: false,
  },
];

/**
 * The remotes (federation names) a page load ends up showing: those of the page the route guard
 * leaves the visitor on. Signed out, every private page is the login form.
 */
export function remotesOfPage(pathname: string, search: string, signedIn: boolean): string[] {
  const target = redirectFor(pathname, search, signedIn);
  const landing = target === null ? pathname : new URL(target, 'http://page.invalid').pathname;
  return PAGE_APPS.filter((app) => app.matches(landing) && (app.public || signedIn)).map((app) => app.remote);
}

/** Whether a task route's query opened it from the staff's all-projects board (`taskPath`'s `board: 'all'`). */
export function overAllBoard(params: URLSearchParams): boolean {
  return params.get('board') === 'all';
}

/** Where closing a task goes from the all-projects board: home, with the board's filter kept. */
export function allBoardPath(params: URLSearchParams): string {
  const query = new URLSearchParams(params);
  query.delete('board');
  const search = query.toString();
  return `${ROUTES.home}${search ? `?${search}` : ''}`;
}

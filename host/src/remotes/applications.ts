/**
 * The single-spa applications of the suite and the routes they are active on (spec 2). The task
 * drawer opens over the board, so both are active on /task/{id}.
 */
import { ROUTES, isPublicRoute } from '@negayno/shared/contract';
import { getAppStatus, registerApplication, unregisterApplication, type LifeCycles } from 'single-spa';
import { onRemoteRetry } from './fallback';
import type { RemoteName, RemoteRegistry } from './registry';

export interface AppDefinition {
  app: string;
  remote: RemoteName;
  /** Whether the route belongs to this app, signed in or not. */
  matches: (pathname: string) => boolean;
  /** Auth screens are for signed-out visitors; the rest need a session. */
  public: boolean;
}

const startsWithRoute = (pathname: string, route: string) => pathname.startsWith(`${route}/`);

export const APPLICATIONS: AppDefinition[] = [
  { app: 'mf-auth', remote: 'mf_auth', matches: isPublicRoute, public: true },
  {
    app: 'mf-board',
    remote: 'mf_board',
    matches: (p) => p === ROUTES.home || startsWithRoute(p, ROUTES.project) || startsWithRoute(p, ROUTES.task),
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

export function containerId(app: string): string {
  return `app-${app}`;
}

/** A path no application serves: the host shows its not-found page. */
export function isKnownRoute(pathname: string): boolean {
  return APPLICATIONS.some((definition) => definition.matches(pathname));
}

export function registerApplications(registry: RemoteRegistry, isSignedIn: () => boolean): void {
  for (const definition of APPLICATIONS) {
    register(definition, registry, isSignedIn);
    onRemoteRetry(definition.remote, () => void retry(definition, registry, isSignedIn));
  }
}

function register(definition: AppDefinition, registry: RemoteRegistry, isSignedIn: () => boolean): void {
  registerApplication({
    name: definition.app,
    app: () => registry.load<LifeCycles>(definition.remote, 'app'),
    activeWhen: (location) => definition.matches(location.pathname) && (definition.public || isSignedIn()),
    customProps: { domElementGetter: () => document.getElementById(containerId(definition.app)) as HTMLElement },
  });
}

/** Unloads the fallback and registers the app again; single-spa mounts it if its route is active. */
async function retry(definition: AppDefinition, registry: RemoteRegistry, isSignedIn: () => boolean): Promise<void> {
  if (getAppStatus(definition.app) !== null) await unregisterApplication(definition.app);
  registry.forget(definition.remote);
  register(definition, registry, isSignedIn);
}

/** Test helpers for component tests of every package (not shipped to browsers). */
import { render, type RenderResult } from '@testing-library/react';
import { runInAction } from 'mobx';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { NAMESPACES, type AccountRole, type UserProfile } from '@negayno/shared/contract';
import { changeLanguage, loadNamespaces } from '@negayno/shared/i18n';
import { rootStore } from '@negayno/shared/stores';
import { RemoteRoot } from '@negayno/shared/ui';
import { accountView } from './fixtures.js';

export function demoProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 1,
    firstname: 'Олена',
    lastname: 'Коваль',
    email: 'admin@demo.test',
    currency: 'UAH',
    doubleSpaces: false,
    avatarUrl: null,
    online: true,
    nickname: null,
    phone: null,
    country: 'UA',
    channels: {
      telegram: { name: null, token: null, enabled: false, linked: false, blocked: false, available: true },
      email: { enabled: true, tasks: true, chat: true, money: true, invitations: true },
    },
    notifyAllTasks: false,
    color: '#4F46E5',
    projectCount: 2,
    role: 'user',
    notificationCount: 0,
    balance: 150_000,
    bonusBalance: 2_500,
    canNegayno: true,
    promoCode: 'OLENA-2026',
    language: 'uk',
    theme: 'light',
    ...accountView(overrides.role ?? 'user'),
    ...overrides,
  };
}

/** Signs a user into the page's root store without a server (the store's state only). */
export function signInAs(role: AccountRole = 'user', overrides: Partial<UserProfile> = {}): UserProfile {
  const profile = demoProfile({ role, ...overrides });
  runInAction(() => {
    rootStore.session.user = profile;
    rootStore.session.status = 'ready';
  });
  return profile;
}

/** Renders inside the providers every remote root has, at a route. */
export async function renderInApp(element: ReactElement, options: { route?: string; language?: 'uk' | 'en' } = {}): Promise<RenderResult> {
  await loadNamespaces(NAMESPACES);
  await changeLanguage(options.language ?? 'uk');
  // Screens that read the browser's address rather than a router's (mf-auth) see the same route.
  window.history.replaceState(null, '', options.route ?? '/');
  return render(
    <RemoteRoot name="test">
      <MemoryRouter initialEntries={[options.route ?? '/']}>{element}</MemoryRouter>
    </RemoteRoot>,
  );
}
export * from './api-server.js';
export * from './fixtures.js';

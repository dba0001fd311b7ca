/**
 * What only one side uses comes in a chunk of its own (issue 17), so the other side never downloads
 * it: creating projects is for client roles (`client-role`), the board across all projects is for
 * staff (`staff`). The e2e spec role-chunks.spec.ts holds each side to it by these chunk names.
 */
import { lazy } from 'react';
import { loadNamespaces } from '@negayno/shared/i18n';
import { lazyPanel } from './layout/LazyPanel';

/** Fetched when first opened: the dialogs' Fluent part is not a board's first paint's either (panels.tsx). */
export const CreateProjectDialog = lazyPanel(() =>
  import(/* webpackChunkName: "client-role" */ './projects/CreateProjectDialog').then((module) => module.CreateProjectDialog),
);

/**
 * Importing a Trello board (issue 37): its code and words come when the dialog first opens, from a new
 * project's dialog or the project menu (administrators).
 */
export const ImportDialog = lazyPanel(() =>
  Promise.all([import(/* webpackChunkName: "project-import" */ './import/ImportDialog'), loadNamespaces(['import'])]).then(([module]) => module.ImportDialog),
);

export const StaffBoard = lazy(() => import(/* webpackChunkName: "staff" */ './home/StaffBoard').then((module) => ({ default: module.StaffBoard })));

/**
 * The operators' console (issue 31): its code, Victory included, and its words come only to a browser
 * whose profile says `can.ops` (OpsRoute renders it for no one else); role-chunks.spec.ts holds a
 * pm's browser to never fetching it.
 */
export const OpsConsole = lazy(() =>
  Promise.all([import(/* webpackChunkName: "ops" */ './ops/OpsConsole'), loadNamespaces(['ops'])]).then(([module]) => ({ default: module.OpsConsole })),
);

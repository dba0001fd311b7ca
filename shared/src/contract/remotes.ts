/**
 * The remotes of the suite, by package folder. The one list: the host, the builds, the scripts, the
 * test runner and the server's static serving all read `remotes.json` (plain JSON, so CommonJS
 * configs and scripts read it too). A remote's federation name is its folder with underscores.
 */
import remotes from './remotes.json' with { type: 'json' };

export const REMOTE_PACKAGES: readonly string[] = remotes;

/** `mf_task_chat` (the name Module Federation and the host's remotes.json know it by) → `mf-task-chat`. */
export function remotePackageOf(federationName: string): string {
  return federationName.replace(/_/g, '-');
}

/**
 * Registers the remotes of remotes.json with the Module Federation runtime and loads their exposed
 * modules. A remote that cannot be loaded resolves to a fallback module (an error card with retry)
 * through the runtime's errorLoadRemote hook, so one broken remote never breaks the page.
 *
 * A page keeps the version of a remote it started to load until it is reloaded, whatever remotes.json
 * says meanwhile; a remote not loaded yet when the user signs in is chosen again with their id, so
 * that the canary share counts signed-in users only.
 */
import { loadRemote, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { sendLog, setRemoteVersion } from '@negayno/shared/api';
import { remotePackageOf } from '@negayno/shared/contract';
import { chooseTarget, type RemotesManifest, type RemoteTarget } from './manifest';

/** A remote's federation name (`mf_board`): the remotes themselves are listed in the contract's REMOTE_PACKAGES. */
export type RemoteName = string;

export class RemoteRegistry {
  private readonly targets = new Map<string, RemoteTarget & { canary: boolean }>();
  private readonly started = new Set<RemoteName>();
  private manifest: RemotesManifest = {};

  constructor(private readonly fallbackFor: (remote: RemoteName, error: unknown) => unknown) {
    registerPlugins([this.fallbackPlugin()]);
  }

  register(manifest: RemotesManifest, userId: number | null): void {
    this.manifest = manifest;
    this.choose(Object.keys(manifest), userId);
  }

  /** The user signed in (or out): remotes this page has not started to load follow their side of each canary. */
  adoptUser(userId: number | null): void {
    this.choose(
      Object.keys(this.manifest).filter((name) => !this.started.has(name)),
      userId,
    );
  }

  /** Whether the version of this remote depends on who signs in: then it is not worth loading before. */
  hasCanary(remote: RemoteName): boolean {
    return this.manifest[remote]?.canary !== undefined;
  }

  /** The version this page runs of each remote it has loaded (or started to). */
  inUse(): Map<RemoteName, RemoteTarget> {
    return new Map([...this.targets].filter(([name]) => this.started.has(name)));
  }

  /** Resolves the exposed module, or the fallback when the remote failed to load. */
  async load<T>(remote: RemoteName, expose: string): Promise<T> {
    this.started.add(remote);
    const module = await loadRemote<T>(`${remote}/${expose}`);
    if (!module) throw new Error(`${remote}/${expose} resolved to nothing`);
    return module;
  }

  /** Forgets a failed load so that the next load fetches the remote entry again (the same version). */
  forget(remote: RemoteName): void {
    const target = this.targets.get(remote);
    if (target) registerRemotes([{ name: remote, entry: target.entry, version: target.version }], { force: true });
  }

  private choose(names: RemoteName[], userId: number | null): void {
    const changed = names.flatMap((name) => {
      const descriptor = this.manifest[name];
      if (!descriptor) return [];
      const target = chooseTarget(name, descriptor, userId);
      const before = this.targets.get(name);
      if (before?.entry === target.entry) return [];
      this.targets.set(name, target);
      setRemoteVersion(remotePackageOf(name), target.version);
      return [{ name, entry: target.entry, version: target.version }];
    });
    if (changed.length > 0) registerRemotes(changed, { force: true });
  }

  private fallbackPlugin(): ModuleFederationRuntimePlugin {
    return {
      name: 'negayno-remote-fallback',
      errorLoadRemote: ({ id, error, lifecycle }) => {
        const remote = id.split('/')[0] as RemoteName;
        const version = this.targets.get(remote)?.version ?? '?';
        sendLog('remote_load_failed', `${id} ${version} (${lifecycle}): ${error instanceof Error ? error.message : String(error)}`, remotePackageOf(remote));
        return this.fallbackFor(remote, error);
      },
    };
  }
}

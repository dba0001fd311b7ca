/**
 * Registers the remotes of remotes.json with the Module Federation runtime and loads their exposed
 * modules. A remote that cannot be loaded resolves to a fallback module (an error card with retry)
 * through the runtime's errorLoadRemote hook, so one broken remote never breaks the page.
 */
import { loadRemote, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { sendLog } from '@negayno/shared/api';
import { chooseTarget, type RemotesManifest, type RemoteTarget } from './manifest';

/** A remote's federation name (`mf_board`): the remotes themselves are listed in the contract's REMOTE_PACKAGES. */
export type RemoteName = string;

export class RemoteRegistry {
  private readonly targets = new Map<string, RemoteTarget>();

  constructor(private readonly fallbackFor: (remote: RemoteName, error: unknown) => unknown) {
    registerPlugins([this.fallbackPlugin()]);
  }

  register(manifest: RemotesManifest, userId: number | null): void {
    const remotes = Object.entries(manifest).map(([name, descriptor]) => {
      const target = chooseTarget(name, descriptor, userId);
      this.targets.set(name, target);
      return { name, entry: target.entry, version: target.version };
    });
    registerRemotes(remotes, { force: true });
  }

  /** Resolves the exposed module, or the fallback when the remote failed to load. */
  async load<T>(remote: RemoteName, expose: string): Promise<T> {
    const module = await loadRemote<T>(`${remote}/${expose}`);
    if (!module) throw new Error(`${remote}/${expose} resolved to nothing`);
    return module;
  }

  /** Forgets a failed load so that the next load fetches the remote entry again. */
  forget(remote: RemoteName): void {
    const target = this.targets.get(remote);
    if (target) registerRemotes([{ name: remote, entry: target.entry, version: target.version }], { force: true });
  }

  private fallbackPlugin(): ModuleFederationRuntimePlugin {
    return {
      name: 'negayno-remote-fallback',
      errorLoadRemote: ({ id, error, lifecycle }) => {
        const remote = id.split('/')[0] as RemoteName;
        sendLog('remote_load_failed', `${id} (${lifecycle}): ${error instanceof Error ? error.message : String(error)}`);
        return this.fallbackFor(remote, error);
      },
    };
  }
}

/**
 * Tells the user when a remote this page uses has a new stable version (the release tool promoted or
 * rolled one back): what they would load after a reload differs from what runs, and it is not a
 * canary they happen to be in. The page never swaps a running remote by itself.
 */
import { makeAutoObservable } from 'mobx';
import { chooseTarget, fetchManifest, type RemotesManifest, type RemoteTarget } from './manifest';
import type { RemoteName } from './registry';

/** What runs on this page (the registry: `RemoteRegistry.inUse`). */
export interface RunningRemotes {
  inUse(): Map<RemoteName, RemoteTarget>;
}

export class RemoteUpdates {
  /** Remotes in use with a newer stable version waiting, by federation name. */
  available: RemoteName[] = [];

  constructor(
    private readonly registry: RunningRemotes,
    private readonly userId: () => number | null,
  ) {
    makeAutoObservable<RemoteUpdates, 'registry' | 'userId'>(this, { registry: false, userId: false });
  }

  async check(): Promise<void> {
    this.compare(await fetchManifest());
  }

  compare(manifest: RemotesManifest): void {
    const waiting: RemoteName[] = [];
    for (const [name, running] of this.registry.inUse()) {
      const descriptor = manifest[name];
      if (!descriptor) continue;
      const next = chooseTarget(name, descriptor, this.userId());
      if (!next.canary && next.version !== running.version) waiting.push(name);
    }
    this.available = waiting;
  }
}

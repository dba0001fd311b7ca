/**
 * The release steps as pure changes of the served remotes.json: publish a canary, promote it, roll
 * back. Each returns the new manifest and the line the release log keeps (who, when, what).
 */
import type { AutoRollback, RemoteDescriptor, RemotesManifest, RemoteTarget } from '@negayno/shared/contract';

/** How many former stable versions a remote remembers for `rollback`. */
export const KEPT_PREVIOUS = 5;

export type ReleaseAction = 'publish' | 'promote' | 'rollback' | 'auto-rollback';

export interface ReleaseLogEntry {
  at: string;
  by: string;
  action: ReleaseAction;
  remote: string;
  /** The version the action concerns: the published canary, the promoted one, the one rolled back to. */
  version: string;
  percentage?: number;
  reason?: string;
}

/** A step that cannot be taken (no canary to promote, nothing to roll back to, an incompatible build). */
export class ReleaseRefused extends Error {}

export interface Actor {
  at: string;
  by: string;
}

export interface Step {
  manifest: RemotesManifest;
  entry: ReleaseLogEntry;
}

function descriptorOf(manifest: RemotesManifest, remote: string): RemoteDescriptor {
  const descriptor = manifest[remote];
  if (!descriptor) throw new ReleaseRefused(`${remote} is not in remotes.json (known: ${Object.keys(manifest).join(', ') || 'none'})`);
  return descriptor;
}

function withRemote(manifest: RemotesManifest, remote: string, descriptor: RemoteDescriptor, actor: Actor): RemotesManifest {
  return { ...manifest, [remote]: { ...descriptor, changedAt: actor.at, changedBy: actor.by } };
}

export function checkPercentage(percentage: number): number {
  if (!Number.isInteger(percentage) || percentage < 1 || percentage > 100)
    throw new ReleaseRefused(`--canary takes a whole percentage from 1 to 100, got ${percentage}`);
  return percentage;
}

/** The new version goes to `percentage`% of signed-in users; a canary already running is replaced. */
export function publishCanary(
  manifest: RemotesManifest,
  remote: string,
  target: RemoteTarget,
  options: { percentage: number; autoRollback?: AutoRollback },
  actor: Actor,
): Step {
  const descriptor = descriptorOf(manifest, remote);
  if (descriptor.version === target.version) throw new ReleaseRefused(`${remote} ${target.version} is already the stable version`);
  const canary = { ...target, percentage: checkPercentage(options.percentage), ...(options.autoRollback ? { autoRollback: options.autoRollback } : {}) };
  return {
    manifest: withRemote(manifest, remote, { ...descriptor, canary }, actor),
    entry: { ...actor, action: 'publish', remote, version: target.version, percentage: canary.percentage },
  };
}

/** The canary becomes the stable version for everyone; the former stable one is remembered for rollback. */
export function promote(manifest: RemotesManifest, remote: string, actor: Actor): Step {
  const descriptor = descriptorOf(manifest, remote);
  const canary = descriptor.canary;
  if (!canary) throw new ReleaseRefused(`${remote} has no canary to promote`);
  const previous = [{ entry: descriptor.entry, version: descriptor.version }, ...(descriptor.previous ?? [])].slice(0, KEPT_PREVIOUS);
  const promoted: RemoteDescriptor = { entry: canary.entry, version: canary.version, previous };
  return { manifest: withRemote(manifest, remote, promoted, actor), entry: { ...actor, action: 'promote', remote, version: canary.version } };
}

/**
 * With a canary running, rollback ends it (everyone back on the stable version); without one, the
 * stable version goes back to the one before it.
 */
export function rollback(manifest: RemotesManifest, remote: string, actor: Actor, reason?: string): Step {
  const descriptor = descriptorOf(manifest, remote);
  const action: ReleaseAction = reason ? 'auto-rollback' : 'rollback';
  if (descriptor.canary) {
    const { canary, ...rest } = descriptor;
    return {
      manifest: withRemote(manifest, remote, rest, actor),
      entry: { ...actor, action, remote, version: descriptor.version, ...(reason ? { reason: `${canary.version}: ${reason}` } : {}) },
    };
  }
  const [former, ...older] = descriptor.previous ?? [];
  if (!former) throw new ReleaseRefused(`${remote} has no earlier version to roll back to`);
  const restored: RemoteDescriptor = { entry: former.entry, version: former.version, ...(older.length > 0 ? { previous: older } : {}) };
  return {
    manifest: withRemote(manifest, remote, restored, actor),
    entry: { ...actor, action, remote, version: former.version, ...(reason ? { reason } : {}) },
  };
}

/** Every version the manifest serves (stable and canary), by remote: what a new build must fit beside. */
export function servedTargets(manifest: RemotesManifest): { remote: string; target: RemoteTarget; canary: boolean }[] {
  return Object.entries(manifest).flatMap(([remote, descriptor]) => [
    { remote, target: { entry: descriptor.entry, version: descriptor.version }, canary: false },
    ...(descriptor.canary ? [{ remote, target: { entry: descriptor.canary.entry, version: descriptor.canary.version }, canary: true }] : []),
  ]);
}

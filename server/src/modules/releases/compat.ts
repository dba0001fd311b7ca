/**
 * Whether a remote's new build fits the page it will join, read from the Module Federation manifests
 * (mf-manifest.json) of the candidate, the host and every remote version being served. The rules are
 * the runtime's own: a shared singleton exists once per page, so every build's required range must
 * accept the version each other build provides (the runtime's `satisfy` decides, the same semver it
 * uses when it picks a copy); React must be shared, else the build carries a second React; and the
 * new build still exposes every module the current stable version exposes (the host loads them).
 */
import { satisfy } from '@module-federation/runtime-core';

export interface SharedEntry {
  name: string;
  version: string;
  singleton?: boolean;
  requiredVersion?: string | false;
}

/** The part of mf-manifest.json the check reads. */
export interface FederationManifest {
  name: string;
  shared: SharedEntry[];
  exposes: { name: string }[];
}

export interface BuildOnPage {
  /** How a problem names it: `host`, `mf_wallet@0.1.0`. */
  label: string;
  manifest: FederationManifest;
}

/** Every remote is a React app: a build that does not share these carries its own copy. */
export const MUST_SHARE = ['react', 'react-dom'];

export function checkCompatibility(
  candidate: BuildOnPage,
  context: { remote: string; host: BuildOnPage; others: BuildOnPage[]; stable: FederationManifest | null },
): string[] {
  const problems: string[] = [];
  const { manifest } = candidate;
  if (manifest.name !== context.remote) problems.push(`the build is the federation container "${manifest.name}", not ${context.remote}`);

  const shared = new Map(manifest.shared.map((entry) => [entry.name, entry]));
  for (const name of MUST_SHARE) {
    if (!shared.has(name)) problems.push(`${name} is not shared: ${candidate.label} would load a second ${name}`);
  }
  for (const providerEntry of context.host.manifest.shared) {
    const own = shared.get(providerEntry.name);
    if (providerEntry.singleton && own && !own.singleton) {
      problems.push(`${own.name} is shared as a singleton by the host but not by ${candidate.label}: it would load a second ${own.name}`);
    }
  }

  for (const other of [context.host, ...context.others]) {
    for (const theirs of other.manifest.shared) {
      const own = shared.get(theirs.name);
      if (!own || !(own.singleton ?? false) || !(theirs.singleton ?? false)) continue;
      if (own.requiredVersion && !satisfy(theirs.version, own.requiredVersion)) {
        problems.push(`${candidate.label} requires ${own.name} ${own.requiredVersion}, but ${other.label} provides ${theirs.version}`);
      }
      if (theirs.requiredVersion && !satisfy(own.version, theirs.requiredVersion)) {
        problems.push(`${other.label} requires ${own.name} ${theirs.requiredVersion}, but ${candidate.label} provides ${own.version}`);
      }
    }
  }

  const exposed = new Set(manifest.exposes.map((expose) => expose.name));
  for (const expose of context.stable?.exposes ?? []) {
    if (!exposed.has(expose.name)) problems.push(`${candidate.label} no longer exposes ./${expose.name}, which the stable version exposes`);
  }
  return problems;
}

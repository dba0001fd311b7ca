import { checkCompatibility, type FederationManifest, type SharedEntry } from './compat.js';

const singleton = (name: string, version: string, requiredVersion = `^${version}`): SharedEntry => ({ name, version, requiredVersion, singleton: true });

/** What the recipe (shared/webpack) gives every build: the same singletons at the same versions. */
function build(name: string, changes: { shared?: SharedEntry[]; without?: string[]; exposes?: string[] } = {}): FederationManifest {
  const base = [singleton('react', '19.3.1'), singleton('react-dom', '19.3.1'), singleton('mobx', '7.1.3'), singleton('@negayno/shared/stores', '0.1.0')];
  const replaced = new Map([...base, ...(changes.shared ?? [])].map((entry) => [entry.name, entry]));
  for (const name of changes.without ?? []) replaced.delete(name);
  return { name, shared: [...replaced.values()], exposes: (changes.exposes ?? ['app']).map((expose) => ({ name: expose })) };
}

const host = { label: 'host', manifest: build('host', { exposes: [] }) };
const wallet = { label: 'mf_wallet@0.1.0', manifest: build('mf_wallet', { exposes: ['wallet-parcel'] }) };
const context = { remote: 'mf_board', host, others: [wallet], stable: build('mf_board') };
const check = (manifest: FederationManifest) => checkCompatibility({ label: 'mf_board@0.2.0-abc', manifest }, context);

describe('the compatibility check before a publish', () => {
  it('passes a build made by the same recipe', () => {
    expect(check(build('mf_board'))).toEqual([]);
  });

  it('refuses a build that would load a second React (not shared, or not as a singleton)', () => {
    expect(check(build('mf_board', { without: ['react'] }))).toEqual(['react is not shared: mf_board@0.2.0-abc would load a second react']);
    const notSingleton = check(build('mf_board', { shared: [{ name: 'react-dom', version: '19.3.1', requiredVersion: '^19.3.1', singleton: false }] }));
    expect(notSingleton).toContain('react-dom is shared as a singleton by the host but not by mf_board@0.2.0-abc: it would load a second react-dom');
  });

  it('refuses a build needing a newer @negayno/shared than the page provides, and one the page cannot take', () => {
    const newer = check(build('mf_board', { shared: [singleton('@negayno/shared/stores', '0.2.0')] }));
    expect(newer).toContain('mf_board@0.2.0-abc requires @negayno/shared/stores ^0.2.0, but host provides 0.1.0');
    expect(newer).toContain('host requires @negayno/shared/stores ^0.1.0, but mf_board@0.2.0-abc provides 0.2.0');
    expect(newer).toContain('mf_board@0.2.0-abc requires @negayno/shared/stores ^0.2.0, but mf_wallet@0.1.0 provides 0.1.0');
  });

  it('accepts a patch of a shared package within the ranges (the runtime takes one copy for both)', () => {
    expect(check(build('mf_board', { shared: [singleton('mobx', '7.1.4', '^7.1.0')] }))).toEqual([]);
  });

  it('refuses a build that dropped a module the stable version exposes, or is another container', () => {
    expect(check(build('mf_board', { exposes: ['board'] }))).toEqual(['mf_board@0.2.0-abc no longer exposes ./app, which the stable version exposes']);
    expect(check(build('mf_wallet'))).toEqual(['the build is the federation container "mf_wallet", not mf_board']);
  });
});

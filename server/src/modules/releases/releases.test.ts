/**
 * Releases through the real server and the real files: a publish with the release tool is served by
 * the running app without a restart, versioned builds are served beside the built one, failures
 * reported by the beacon count against their version and roll a canary back when asked to.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stableBucket, type RemotesManifest } from '@negayno/shared/contract';
import { createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import type { FederationManifest } from './compat.js';
import { ReleaseFiles } from './files.js';
import { ReleaseRefused } from './manifest.js';
import { AUTO_ROLLBACK_ACTOR } from './service.js';
import { ReleaseTool } from './tool.js';

function federationManifest(name: string, sharedVersion = '0.1.0'): FederationManifest & { metaData: unknown } {
  return {
    name,
    metaData: { buildInfo: { buildVersion: '0.1.0' } },
    shared: [
      { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
      { name: 'react-dom', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
      { name: '@negayno/shared/ui', version: sharedVersion, requiredVersion: `^${sharedVersion}`, singleton: true },
    ],
    exposes: name === 'host' ? [] : [{ name: 'app' }],
  };
}

function writeBuild(folder: string, name: string, entryText: string, sharedVersion?: string): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'remoteEntry.js'), entryText);
  writeFileSync(join(folder, 'mf-manifest.json'), JSON.stringify(federationManifest(name, sharedVersion)));
}

describe('releasing a remote on a running server', () => {
  let webRoot: string;
  let releasesDir: string;
  let ctx: TestContext;
  let tool: ReleaseTool;
  let files: ReleaseFiles;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'negayno-web-'));
    releasesDir = join(webRoot, 'releases');
    const base: RemotesManifest = {
      mf_board: { entry: '/remotes/mf-board/remoteEntry.js', version: '0.1.0' },
      mf_wallet: { entry: '/remotes/mf-wallet/remoteEntry.js', version: '0.1.0' },
    };
    mkdirSync(join(webRoot, 'host', 'dist'), { recursive: true });
    writeFileSync(join(webRoot, 'host', 'dist', 'remotes.json'), JSON.stringify(base));
    writeFileSync(join(webRoot, 'host', 'dist', 'mf-manifest.json'), JSON.stringify(federationManifest('host')));
    writeBuild(join(webRoot, 'mf-board', 'dist'), 'mf_board', 'var mf_board = "built";');
    writeBuild(join(webRoot, 'mf-wallet', 'dist'), 'mf_wallet', 'var mf_wallet;');
    ctx = await createTestContext({ env: { WEB_ROOT: webRoot, RELEASES_DIR: releasesDir } });
    files = new ReleaseFiles(releasesDir, webRoot);
    let minute = 0;
    tool = new ReleaseTool(files, webRoot, () => ({ at: new Date(Date.UTC(2026, 10, 24, 10, (minute += 1))).toISOString(), by: 'board-team' }));
  });
  /** Signs in a new user whose id puts them inside (or outside) the board's 50% canary. */
  const userOnSide = async (inShare: boolean): Promise<string> => {
    for (;;) {
      const user = await createUser(ctx.db);
      if (stableBucket(`mf_board:${user.id}`) < 50 === inShare) return ctx.login(user.email);
    }
  };

  afterAll(async () => {
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves the host build’s remotes.json until the first release', async () => {
    const response = await ctx.get('/remotes.json');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toMatchObject({ mf_board: { version: '0.1.0' } });
  });

  it('publishes a canary that the running server serves at once, with the old version still served', async () => {
    const dist = join(webRoot, 'next-board');
    writeBuild(dist, 'mf_board', 'var mf_board = "next";');
    const step = await tool.publish('mf-board', dist, { percentage: 50, autoRollback: { errorRate: 0.5, minLoads: 2 } });
    const version = step.entry.version;
    expect(version).toMatch(/^0\.1\.0-[0-9a-f]{10}$/);

    const manifest = (await ctx.get('/remotes.json')).body as unknown as RemotesManifest;
    expect(manifest.mf_board?.canary).toEqual({
      entry: `/remotes/mf-board/${version}/remoteEntry.js`,
      version,
      percentage: 50,
      autoRollback: { errorRate: 0.5, minLoads: 2 },
    });
    expect(manifest.mf_board).toMatchObject({ version: '0.1.0', changedBy: 'board-team' });
    expect((await ctx.get(`/remotes/mf-board/${version}/remoteEntry.js`)).text).toBe('var mf_board = "next";');
    expect((await ctx.get('/remotes/mf-board/remoteEntry.js')).text).toBe('var mf_board = "built";');
    expect(await files.readLog()).toEqual([expect.objectContaining({ action: 'publish', remote: 'mf_board', version, percentage: 50, by: 'board-team' })]);
  });

  it('refuses a build that needs another @negayno/shared, and changes nothing', async () => {
    const before = readFileSync(files.manifestFile, 'utf8');
    const dist = join(webRoot, 'incompatible-board');
    writeBuild(dist, 'mf_board', 'var mf_board = "new shared";', '0.2.0');
    await expect(tool.publish('mf-board', dist, { percentage: 10 })).rejects.toThrow(ReleaseRefused);
    await expect(tool.publish('mf-board', dist, { percentage: 10 })).rejects.toThrow(/requires @negayno\/shared\/ui \^0\.2\.0, but host provides 0\.1\.0/);
    expect(readFileSync(files.manifestFile, 'utf8')).toBe(before);
  });

  it('RT5: counts a canary’s loads and failures once per signed-in user in its share; nobody else counts (issue 35)', async () => {
    const canary = (await files.readManifest()).mf_board!.canary!;
    const label = `mf-board@${canary.version}`;
    const beacon = (code: string, cookie?: string) => ctx.post('/api/log/new', { code, message: 'mf_board/app', remote: label }, { cookie });
    // Signed out: 20 fetches and 4 beacons ended a canary before.
    for (let page = 0; page < 20; page += 1) await ctx.get(canary.entry);
    for (let report = 0; report < 4; report += 1) expect((await beacon('remote_crash')).status).toBe(200);
    // A user outside the share is served the stable entry: what they fetch or report of the canary is not theirs.
    const [first, second, outside] = [await userOnSide(true), await userOnSide(true), await userOnSide(false)];
    await ctx.get(canary.entry, { cookie: outside });
    await beacon('remote_crash', outside);
    // The first user in the share reloads and reports twice: one load, one failure.
    for (let page = 0; page < 2; page += 1) {
      await ctx.get(canary.entry, { cookie: first });
      await beacon('remote_load_failed', first);
    }
    expect((await files.readManifest()).mf_board?.canary).toBeDefined();
    await ctx.services.releases.flush();
    expect((await files.readHealth())[`mf_board@${canary.version}`]).toMatchObject({ loads: 1, errors: 1 });

    await ctx.get(canary.entry, { cookie: second });
    await beacon('remote_crash', second);
    const manifest = (await ctx.get('/remotes.json')).body as unknown as RemotesManifest;
    expect(manifest.mf_board?.canary).toBeUndefined();
    expect(manifest.mf_board).toMatchObject({ version: '0.1.0', changedBy: AUTO_ROLLBACK_ACTOR });
    expect((await files.readLog()).at(-1)).toMatchObject({ action: 'auto-rollback', reason: `${canary.version}: 2 failures in 2 loads` });

    await ctx.services.releases.flush();
    const [board] = await tool.status();
    expect(board).toMatchObject({ remote: 'mf_board', canary: null, changedBy: AUTO_ROLLBACK_ACTOR });
    expect((await files.readHealth())[`mf_board@${canary.version}`]).toMatchObject({ loads: 2, errors: 2, lastError: 'remote_crash' });
  });

  it('RT6: beacons for versions nobody is served leave health.json as it was (issue 35)', async () => {
    const cookie = await userOnSide(false);
    await ctx.services.releases.flush();
    const before = Object.keys(await files.readHealth());
    for (let made = 0; made < 30; made += 1) {
      expect((await ctx.post('/api/log/new', { code: 'remote_crash', message: 'x', remote: `mf-board@9.9.${made}` }, { cookie })).status).toBe(200);
    }
    await ctx.services.releases.flush();
    expect(Object.keys(await files.readHealth())).toEqual(before);
  });

  it('RT1: remove refuses a version that is no version, and deletes nothing (issue 35)', async () => {
    const published = readdirSync(join(releasesDir, 'mf-board'));
    expect(published).toHaveLength(1);
    // `../..` from releases/mf-board is the data directory; `..` every release; `.` every version of the remote.
    for (const version of ['../..', '..', '.', '', `${published[0]}/../..`, '/etc']) {
      await expect(tool.remove('mf-board', version)).rejects.toThrow(ReleaseRefused);
    }
    expect(existsSync(join(webRoot, 'host', 'dist', 'remotes.json'))).toBe(true);
    expect(readdirSync(join(releasesDir, 'mf-board'))).toEqual(published);
    expect(existsSync(files.manifestFile)).toBe(true);
  });

  it('RT2: publish refuses a build whose buildVersion would lead outside the releases folder (issue 35)', async () => {
    const dist = join(webRoot, 'escaping-board');
    writeBuild(dist, 'mf_board', 'var mf_board = "escape";');
    const manifest = { ...federationManifest('mf_board'), metaData: { buildInfo: { buildVersion: '../../../escaped' } } };
    writeFileSync(join(dist, 'mf-manifest.json'), JSON.stringify(manifest));
    const before = readFileSync(files.manifestFile, 'utf8');
    await expect(tool.publish('mf-board', dist, { percentage: 10 })).rejects.toThrow(/is not a version/);
    expect(readdirSync(webRoot).filter((name) => name.startsWith('escaped'))).toEqual([]);
    expect(readdirSync(join(webRoot, '..')).filter((name) => name.startsWith('escaped'))).toEqual([]);
    expect(readFileSync(files.manifestFile, 'utf8')).toBe(before);
  });

  it('refuses a beacon whose remote tag is not a remote version', async () => {
    const response = await ctx.post('/api/log/new', { code: 'remote_crash', message: 'x', remote: '../../etc' });
    expect(response.status).toBe(400);
  });
});

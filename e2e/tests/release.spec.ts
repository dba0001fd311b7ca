/**
 * Shipping one remote alone (issue 19), on a server of its own so a broken release never reaches the
 * other specs: a changed mf-board (a copy of the suite's build whose entry marks the page it runs in; a
 * webpack run inside the spec cost a minute of CI for the same proof, issue 34) is published with
 * `npm run remote -- publish --dist`, served to half the users by their id, promoted, rolled back; a broken
 * version shows its error card and is rolled back by the server; a build needing another @negayno/shared
 * is refused. The host is never rebuilt and the server never restarted. It prints the time from `publish`
 * to a user seeing the canary (docs/perf.md).
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { stableBucket } from '@negayno/shared/contract';
import { DEMO, DEMO_PASSWORD } from '../support/env';
import { repoRoot, startServer, type OwnServer } from '../support/server.mjs';

/** What the changed board does that the built one does not: its entry marks the document it loads into. */
const MARK_SCRIPT = `\n;document.documentElement.dataset.boardRelease = 'canary';\n`;
const marked = (page: Page) => page.locator('html[data-board-release="canary"]');

/** A copy of the suite's mf-board build with the mark added to its entry (and the entry's stale precompressed copies gone). */
function changedBoard(scratch: string): string {
  const dist = join(scratch, 'changed');
  cpSync(join(repoRoot, 'mf-board', 'dist'), dist, { recursive: true });
  const entry = join(dist, 'remoteEntry.js');
  writeFileSync(entry, readFileSync(entry, 'utf8') + MARK_SCRIPT);
  for (const compressed of ['remoteEntry.js.br', 'remoteEntry.js.gz']) rmSync(join(dist, compressed), { force: true });
  return dist;
}

interface Released {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run remote -- <args>` as an operator runs it, on the spec's server's data directory. */
function remote(server: OwnServer, args: string[]): Promise<Released> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(repoRoot, 'scripts', 'remote.mjs'), ...args],
      { cwd: repoRoot, env: { ...process.env, DATA_DIR: server.dataDir, NEGAYNO_RELEASE_BY: 'board-team@e2e.test' }, maxBuffer: 10 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function servedManifest(server: OwnServer): Promise<Record<string, { version: string; canary?: { version: string; percentage: number } }>> {
  return fetch(`${server.url}/remotes.json`).then((response) => response.json());
}

interface Visitor {
  email: string;
  id: number;
  inCanary: boolean;
  page: Page;
}

async function signedIn(browser: Browser, server: OwnServer, email: string): Promise<Visitor> {
  const context = await browser.newContext({ baseURL: server.url, locale: 'uk-UA' });
  const page = await context.newPage();
  const response = await page.request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  const id = ((await response.json()) as { data: { id: number } }).data.id;
  return { email, id, inCanary: stableBucket(`mf_board:${id}`) < 50, page };
}

/** Opens the board and answers which mf-board entry the page loaded. */
async function openBoard(page: Page): Promise<string> {
  await page.goto('/');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.locator('#app-mf-board > *').first()).toBeAttached({ timeout: 30_000 });
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith('/remotes/mf-board/') && path.endsWith('/remoteEntry.js'))
      .join(','),
  );
}

test.describe.configure({ mode: 'serial' });

test('a remote is released alone: canary by user id, promote, rollback, a broken version, an incompatible one', async ({ browser }) => {
  test.setTimeout(600_000);
  const server = await startServer();
  const hostBuiltAt = statSync(join(repoRoot, 'host', 'dist', 'main.js')).mtimeMs;
  const scratch = mkdtempSync(join(tmpdir(), 'negayno-release-'));
  try {
    const visitors = await Promise.all(Object.values(DEMO).map((email) => signedIn(browser, server, email)));
    const inside = visitors.find((visitor) => visitor.inCanary);
    const outside = visitors.find((visitor) => !visitor.inCanary);
    if (!inside || !outside) throw new Error('the demo users all fall on one side of a 50% canary');

    // A user on the stable board before the release: this page must keep its version until reloaded.
    const early = outside.page;
    expect(await openBoard(early)).toBe('/remotes/mf-board/remoteEntry.js');

    let version = '';
    let published = 0;
    await test.step('publish a changed mf-board as a 50% canary', async () => {
      const started = Date.now();
      const result = await remote(server, ['publish', 'mf-board', '--dist', changedBoard(scratch), '--canary', '50']);
      published = Date.now();
      expect(result.code, result.stderr).toBe(0);
      const manifest = await servedManifest(server);
      version = manifest.mf_board!.canary!.version;
      expect(manifest.mf_board).toMatchObject({ version: '0.1.0', canary: { percentage: 50 } });
      console.log(`[release] publish of mf-board: ${((published - started) / 1000).toFixed(1)} s`);
    });

    await test.step('users in the share see the change, the others do not, across reloads', async () => {
      const canaryEntry = `/remotes/mf-board/${version}/remoteEntry.js`;
      expect(await openBoard(inside.page)).toBe(canaryEntry);
      await expect(marked(inside.page)).toBeAttached();
      console.log(`[release] publish → a canary user sees the change: ${((Date.now() - published) / 1000).toFixed(1)} s`);
      for (const visitor of visitors) {
        expect(await openBoard(visitor.page), visitor.email).toBe(visitor.inCanary ? canaryEntry : '/remotes/mf-board/remoteEntry.js');
        await expect(marked(visitor.page)).toHaveCount(visitor.inCanary ? 1 : 0);
      }
      await inside.page.reload();
      await expect(marked(inside.page)).toBeAttached();
      await outside.page.reload();
      await expect(outside.page.locator('#app-mf-board > *').first()).toBeAttached();
      await expect(marked(outside.page)).toHaveCount(0);
    });

    await test.step('promote: everyone gets it on their next load; an open page keeps its version and is told', async () => {
      await early.goto('/');
      await expect(early.locator('#app-mf-board > *').first()).toBeAttached();
      const promoted = await remote(server, ['promote', 'mf-board']);
      expect(promoted.code, promoted.stderr).toBe(0);
      // The shell checks versions when the tab comes back to the front (and every few minutes).
      await early.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect(early.getByTestId('remote-update')).toBeVisible();
      await expect(marked(early)).toHaveCount(0);
      await early.getByTestId('remote-update').getByRole('button').click();
      await expect(marked(early)).toBeAttached();
      await expect(early.getByTestId('remote-update')).toHaveCount(0);
      // A user who was in the canary is already on the promoted version: nothing to tell them.
      await inside.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect(marked(inside.page)).toBeAttached();
      await expect(inside.page.getByTestId('remote-update')).toHaveCount(0);
    });

    await test.step('roll back: the built version again for everyone', async () => {
      const back = await remote(server, ['rollback', 'mf-board']);
      expect(back.code, back.stderr).toBe(0);
      expect((await servedManifest(server)).mf_board).toMatchObject({ version: '0.1.0' });
      expect(await openBoard(inside.page)).toBe('/remotes/mf-board/remoteEntry.js');
      await expect(marked(inside.page)).toHaveCount(0);
    });

    await test.step('a version that fails to load shows its error card, the page goes on; the server rolls it back', async () => {
      const broken = join(scratch, 'broken');
      cpSync(join(server.dataDir, 'releases', 'mf-board', version), broken, { recursive: true });
      writeFileSync(join(broken, 'remoteEntry.js'), 'throw new Error("a broken release");\n');
      for (const compressed of ['remoteEntry.js.br', 'remoteEntry.js.gz']) rmSync(join(broken, compressed), { force: true });
      const result = await remote(server, ['publish', 'mf-board', '--dist', broken, '--canary', '100', '--auto-rollback', '0.5', '--min-loads', '2']);
      expect(result.code, result.stderr).toBe(0);
      const brokenVersion = (await servedManifest(server)).mf_board!.canary!.version;

      const page = inside.page;
      await page.goto('/');
      await expect(page.getByTestId('remote-error-mf-board')).toBeVisible();
      await page.getByTestId('user-menu').click();
      await expect(page.getByRole('menu')).toBeVisible();
      await page.keyboard.press('Escape');
      await page.goto('/profile');
      await expect(page.locator('#app-mf-profile > *').first()).toBeAttached();

      // The failures of that version reach `status` through the log beacon.
      await expect
        .poll(async () => {
          const status = JSON.parse((await remote(server, ['status', '--json'])).stdout) as { remote: string; canary: { errors: number } | null }[];
          return status.find((row) => row.remote === 'mf_board')?.canary?.errors ?? 0;
        })
        .toBeGreaterThan(0);

      // A second user's failing page (each user counts once) passes the error share it was published
      // with: the server ends the canary.
      await outside.page.goto('/');
      await expect(outside.page.getByTestId('remote-error-mf-board')).toBeVisible();
      await expect.poll(async () => (await servedManifest(server)).mf_board?.canary).toBeUndefined();
      expect(await openBoard(page)).toBe('/remotes/mf-board/remoteEntry.js');
      await expect(page.getByTestId('remote-error-mf-board')).toHaveCount(0);
      const log = (await remote(server, ['log'])).stdout;
      expect(log).toContain(`auto-rollback mf_board 0.1.0 (${brokenVersion}`);
      expect(log).toMatch(/board-team@e2e\.test: publish mf_board .* 50%/);
    });

    await test.step('a build needing another @negayno/shared is refused', async () => {
      const incompatible = join(scratch, 'incompatible');
      cpSync(join(server.dataDir, 'releases', 'mf-board', version), incompatible, { recursive: true });
      const manifestFile = join(incompatible, 'mf-manifest.json');
      // What a board built against a @negayno/shared 0.2.0 the host does not have says of itself.
      const federation = JSON.parse(readFileSync(manifestFile, 'utf8')) as { shared: { name: string; version: string; requiredVersion: string }[] };
      for (const entry of federation.shared.filter((shared) => shared.name.startsWith('@negayno/shared/'))) {
        entry.version = '0.2.0';
        entry.requiredVersion = '^0.2.0';
      }
      writeFileSync(manifestFile, JSON.stringify(federation));
      const before = await servedManifest(server);
      const result = await remote(server, ['publish', 'mf-board', '--dist', incompatible, '--canary', '10']);
      expect(result.code).toBe(3);
      expect(result.stderr).toContain('requires @negayno/shared/contract ^0.2.0, but host provides 0.1.0');
      expect(await servedManifest(server)).toEqual(before);
    });

    expect(statSync(join(repoRoot, 'host', 'dist', 'main.js')).mtimeMs).toBe(hostBuiltAt);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    await server.stop();
  }
});

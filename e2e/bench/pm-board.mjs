// Issue 15: the all-projects board of a project manager with 50 projects (negayno-admin bench-project,
// 250 tasks each, of which the pm's board shows 10,000: not the drafts and the archived), measured as
// board-render.mjs measures a project's board: the tasks answer → painted columns, navigation → first
// cards, the longest task of that first paint, and a scroll of the longest column to its end.
import { launchChromium } from './lib/browser.mjs';
import { newDataDir, startServer } from '../support/server.mjs';
import { scrollLongestColumn } from './lib/board-probes.mjs';
import { benchProject, renderFigures, renderOnce, signedInPage } from './board-render.mjs';

const PROJECTS = Number(process.env.BENCH_PM_PROJECTS ?? 50);
const TASKS = Number(process.env.BENCH_PM_TASKS ?? 250);

export async function run() {
  const lines = [];
  const dataDir = newDataDir();
  const seeding = performance.now();
  // Each bench project has the demo's am, pm and sm attached: the pm's board across projects shows them all.
  for (let index = 0; index < PROJECTS; index += 1) benchProject(dataDir, TASKS);
  lines.push(`${PROJECTS} projects of ${TASKS} tasks made in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
  const server = await startServer({}, { dataDir });
  const browser = await launchChromium();
  try {
    const pm = await signedInPage(browser, server.url, 'pm@demo.test');
    lines.push(...(await renderFigures(pm.page, `${server.url}/`)).map((line) => `pm, all projects: ${line}`));
    await renderOnce(pm.page, `${server.url}/`);
    const scroll = await pm.page.evaluate(scrollLongestColumn);
    lines.push(
      `scrolling the longest column of the pm's board to its end${scroll.reachedEnd ? '' : ' (END NOT REACHED)'}: ` +
        `${scroll.slowFrames} frames over 50 ms of ${scroll.frames}, ${scroll.longTasks} long tasks (longest ${scroll.longestTask.toFixed(0)} ms), ` +
        `${scroll.seconds.toFixed(1)} s, ${scroll.cardsInDom} cards of the column in the DOM at the end`,
    );
    await pm.context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
  return lines;
}

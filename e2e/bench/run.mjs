// `npm run bench`: every benchmark of the suite; each prints figures, none asserts a time.
const suites = [
  ['shell (issue 2)', () => import('./shell.mjs')],
  ['board api (issue 4)', () => import('./board-api.mjs')],
  ['board render (issue 4)', () => import('./board-render.mjs')],
  ['board cold (issue 39)', () => import('./board-cold.mjs')],
  ['pm board (issue 15)', () => import('./pm-board.mjs')],
  ['money (issue 10)', () => import('./money.mjs')],
  ['wallet drawer (issue 10)', () => import('./wallet-drawer.mjs')],
  ['workflow (issue 11)', () => import('./workflow.mjs')],
  ['steps (issue 32)', () => import('./steps.mjs')],
  ['load (issue 15)', () => import('./load.mjs')],
  ['task drawer (issue 12)', () => import('./task-drawer.mjs')],
  ['notifications (issue 14)', () => import('./notify-telegram.mjs')],
  ['chat (issue 13)', () => import('./chat.mjs')],
  ['chat ui (issue 13)', () => import('./chat-ui.mjs')],
  ['size (issue 17)', () => import('./size.mjs')],
  ['search (issue 38)', () => import('./search.mjs')],
  ['export (issue 37)', () => import('./export.mjs')],
];
const only = process.argv[2];

for (const [name, load] of suites) {
  if (only && !name.startsWith(only)) continue;
  console.log(`\n== ${name}`);
  const { run } = await load();
  for (const line of await run()) console.log(`  ${line}`);
}

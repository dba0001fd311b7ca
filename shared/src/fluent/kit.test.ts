/**
 * The shared kit is one module, fetched whole by every page after sign-in: Module Federation cannot
 * tree-shake a shared module, so a component exported here that no screen uses is still downloaded
 * by everyone (issue 17: the Accordion, Combobox, InfoLabel, Persona, Toolbar and the rest nobody
 * drew were 20 kB gzip). This holds every value the kit and its drawers' and panels' parts export to at
 * least one user in the suite.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_PACKAGES } from '@negayno/shared/contract';

const WORKSPACE = join(__dirname, '..', '..', '..');
const APP_SOURCES = [...['host', ...REMOTE_PACKAGES].map((app) => `${app}/src`), 'shared/src/ui'];
const KIT_IMPORT = /import\s*\{([^}]*)\}\s*from\s*'@negayno\/shared\/fluent(?:-kit|-drawers|-panels)?'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The value names of `export { A, B } from '…'` blocks (type-only exports cost nothing). */
function exportedValues(source: string): string[] {
  return [...source.matchAll(/^export \{([^}]*)\} from/gm)].flatMap((match) =>
    match[1]
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

describe('@negayno/shared/fluent, fluent-drawers and fluent-panels, the shared kit', () => {
  test.each(['index.ts', 'drawers.ts', 'panels.ts'])('%s exports only components some screen of the suite imports from it', (kitFile) => {
    const imported = new Set<string>();
    for (const file of APP_SOURCES.flatMap((dir) => sourceFiles(join(WORKSPACE, dir)))) {
      for (const match of readFileSync(file, 'utf8').matchAll(KIT_IMPORT)) {
        for (const name of match[1].split(',')) imported.add(name.replace(/^\s*type\s+/, '').trim());
      }
    }
    const exported = exportedValues(readFileSync(join(__dirname, kitFile), 'utf8'));
    expect(exported.length).toBeGreaterThan(5);
    expect(exported.filter((name) => !imported.has(name))).toEqual([]);
  });
});

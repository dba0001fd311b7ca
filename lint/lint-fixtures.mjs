// Lints each fixture of lint/fixtures with the workspace's own ESLint config, as if it stood where its
// `// lint as:` line says, and prints the results as JSON. Run by boundaries.test.cjs in a child process:
// ESLint loads its ESM config with import(), which Jest's module sandbox does not allow.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const eslint = new ESLint({ cwd: root });

const results = [];
for (const name of readdirSync(join(here, 'fixtures')).sort()) {
  const code = readFileSync(join(here, 'fixtures', name), 'utf8');
  const lintAs = /^\/\/ lint as: (.+)$/m.exec(code)?.[1];
  const expected = /^\/\/ expect: (.+)$/m.exec(code)?.[1];
  if (!lintAs || !expected) throw new Error(`${name} needs a "// lint as:" and an "// expect:" line`);
  const [result] = await eslint.lintText(code, { filePath: join(root, lintAs) });
  results.push({ name, expected, messages: result.messages.map(({ ruleId, message }) => ({ ruleId, message })) });
}
process.stdout.write(JSON.stringify(results));

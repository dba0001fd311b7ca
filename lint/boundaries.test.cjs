// The boundaries the lint setup holds (eslint.config.mjs): each fixture breaks one on purpose and must
// fail with it, and the clean fixtures pass, so a rule that stopped matching is noticed.
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');

const results = JSON.parse(execFileSync(process.execPath, [join(__dirname, 'lint-fixtures.mjs')], { encoding: 'utf8' }));
const broken = results.filter((result) => result.expected !== 'nothing');
const clean = results.filter((result) => result.expected === 'nothing');

describe('lint boundaries', () => {
  it('has fixtures for every boundary and clean ones beside them', () => {
    expect(broken.length).toBeGreaterThanOrEqual(10);
    expect(clean.length).toBeGreaterThanOrEqual(3);
  });

  it.each(broken.map((result) => [result.name, result]))('%s fails lint with its boundary', (_name, result) => {
    expect(result.messages).toEqual([{ ruleId: 'no-restricted-imports', message: expect.stringContaining(result.expected) }]);
  });

  it.each(clean.map((result) => [result.name, result]))('%s passes lint', (_name, result) => {
    expect(result.messages).toEqual([]);
  });
});

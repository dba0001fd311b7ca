const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { SourceMapGenerator } = require('source-map-js');
const { bytesByPackage } = require('./chunk-report-plugin.cjs');

/** A minified file of the given runs (code and the source it came from), one run after another per line. */
function minified(lines) {
  const map = new SourceMapGenerator({ file: 'chunk.js' });
  lines.forEach((runs, line) => {
    let column = 0;
    for (const [code, source] of runs) {
      map.addMapping({ generated: { line: line + 1, column }, original: { line: 1, column: 0 }, source });
      column += code.length;
    }
  });
  return { code: lines.map((runs) => runs.map(([code]) => code).join('')).join('\n'), map: map.toJSON() };
}

describe('the chunk report', () => {
  let workspace;
  beforeAll(() => {
    workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'negayno-report-'));
    for (const file of ['host/src/shell/Header.tsx', 'shared/src/ui/RemoteRoot.tsx']) {
      fs.mkdirSync(path.dirname(path.join(workspace, file)), { recursive: true });
      fs.writeFileSync(path.join(workspace, file), '');
    }
  });
  afterAll(() => fs.rmSync(workspace, { recursive: true, force: true }));

  it('gives each package the bytes of minified code its sources became, however big the sources were', () => {
    const { code, map } = minified([
      [
        ['function a(){}', 'webpack://negayno_host/node_modules/.pnpm/react-dom@19.3.1/node_modules/react-dom/cjs/react-dom.js'],
        ['b();', 'webpack://negayno_host/node_modules/.pnpm/@fluentui+react-icons@2/node_modules/@fluentui/react-icons/lib/sizedIcons/chunk-3.js'],
        ['let c=1;', 'webpack://negayno_host/src/shell/Header.tsx'],
      ],
      [
        ['d.e=f;', 'webpack://negayno_host/webpack/runtime/sharing'],
        ['g();', 'webpack://negayno_host/shared/src/ui/RemoteRoot.tsx'],
      ],
    ]);
    expect(bytesByPackage(code, map, path.join(workspace, 'host'), workspace)).toEqual({
      'react-dom': 14,
      '@fluentui/react-icons': 4,
      'host/src/shell': 8,
      '(webpack/runtime)': 6,
      'shared/src/ui': 4,
    });
  });
});

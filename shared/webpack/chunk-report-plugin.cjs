/**
 * Writes `<package>/.stats/chunks.json` beside each production build: for every emitted chunk, its
 * files and the packages its minified code comes from, in bytes of that code. The size benchmark
 * (e2e/bench/size.mjs) joins it with the files a page fetched, so each fetched file says what it holds.
 * Written outside dist/ so that the server never publishes it.
 *
 * The bytes are read from each file's source map after minification: a module's source size says
 * little about what ships (an icon file of a thousand icons of which a form uses three; a barrel a
 * chunk takes two exports of). The build makes hidden source maps for this; unless
 * NEGAYNO_SOURCE_MAPS asks to keep them, they are dropped once read, so dist/ holds no maps.
 */
const fs = require('node:fs');
const path = require('node:path');
const { SourceMapConsumer } = require('source-map-js');

/**
 * `@fluentui/react-button` for a file under node_modules, `shared/src/fluent` for suite code, `(webpack/runtime)`
 * for code webpack and federation generate. A map names a file relative to the build's folder
 * (`src/boot.tsx`) or, outside it, to the folder they share (`shared/src/ui/RemoteRoot.tsx`).
 */
function packageOf(source, context, workspaceRoot) {
  const file = source.replace(/^webpack:\/\/[^/]*\//, '').split('?')[0];
  const parts = file.split('/node_modules/');
  if (parts.length > 1 || file.startsWith('node_modules/')) {
    const rest = (parts.length > 1 ? parts[parts.length - 1] : file.slice('node_modules/'.length)).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const inBuild = path.resolve(context, file);
  const found = fs.existsSync(inBuild) ? inBuild : path.resolve(workspaceRoot, file);
  if (!fs.existsSync(found)) return `(${file.split('/').slice(0, 2).join('/')})`;
  // The suite's own code by package and top folder: host/src/shell, shared/src/ui, mf-board/src/features.
  const relative = path.relative(workspaceRoot, found).split(path.sep);
  return relative.slice(0, relative[1] === 'src' ? 3 : 2).join('/');
}

/** Minified bytes per package: each run of generated code belongs to the source its mapping names. */
function bytesByPackage(code, map, context, workspaceRoot) {
  const lines = code.split('\n');
  const mappings = [];
  new SourceMapConsumer(map).eachMapping((mapping) => mappings.push(mapping), null, SourceMapConsumer.GENERATED_ORDER);
  const packages = {};
  const packageOfSource = new Map();
  mappings.forEach((mapping, index) => {
    const next = mappings[index + 1];
    const line = lines[mapping.generatedLine - 1] ?? '';
    const end = next && next.generatedLine === mapping.generatedLine ? next.generatedColumn : line.length;
    if (mapping.source && !packageOfSource.has(mapping.source)) packageOfSource.set(mapping.source, packageOf(mapping.source, context, workspaceRoot));
    const name = mapping.source ? packageOfSource.get(mapping.source) : '(unmapped)';
    packages[name] = (packages[name] ?? 0) + Math.max(0, end - mapping.generatedColumn);
  });
  return packages;
}

class ChunkReportPlugin {
  constructor({ dir, workspaceRoot, keepSourceMaps }) {
    this.dir = dir;
    this.workspaceRoot = workspaceRoot;
    this.keepSourceMaps = keepSourceMaps;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ChunkReportPlugin', (compilation) => {
      // After minification, the source maps' extraction and the content hashes' renaming (the file
      // names are final), before the files are compressed.
      const stage = compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1;
      compilation.hooks.processAssets.tap({ name: 'ChunkReportPlugin', stage }, () => this.report(compilation));
    });
  }

  report(compilation) {
    const chunks = [];
    for (const chunk of compilation.chunks) {
      const files = [...chunk.files].filter((file) => file.endsWith('.js'));
      const packages = {};
      for (const file of files) {
        const map = compilation.getAsset(`${file}.map`);
        if (!map) continue;
        const code = compilation.getAsset(file).source.source().toString();
        const sourceMap = JSON.parse(map.source.source().toString());
        for (const [name, bytes] of Object.entries(bytesByPackage(code, sourceMap, compilation.compiler.context, this.workspaceRoot)))
          packages[name] = (packages[name] ?? 0) + bytes;
      }
      chunks.push({
        id: chunk.id,
        names: [...(chunk.name ? [chunk.name] : []), ...[...chunk.idNameHints].filter((hint) => hint !== chunk.name)],
        files,
        packages: Object.fromEntries(Object.entries(packages).sort((a, b) => b[1] - a[1])),
      });
    }
    if (!this.keepSourceMaps) for (const asset of compilation.getAssets()) if (asset.name.endsWith('.js.map')) compilation.deleteAsset(asset.name);
    const out = path.join(this.dir, '.stats');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'chunks.json'), `${JSON.stringify({ chunks }, null, 1)}\n`);
  }
}

module.exports = { ChunkReportPlugin, bytesByPackage };

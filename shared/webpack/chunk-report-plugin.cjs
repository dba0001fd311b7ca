/**
 * Writes `<package>/.stats/chunks.json` beside each production build: for every emitted chunk, its
 * files and the packages its modules come from, with their source bytes (before minification). The
 * size benchmark (e2e/bench/size.mjs) joins it with the files a page fetched, so each fetched file
 * says what it holds. Written outside dist/ so that the server never publishes it.
 */
const fs = require('node:fs');
const path = require('node:path');

/** `@fluentui/react-button` for a file under node_modules, `shared/src/fluent` for suite code. */
function packageOf(resource, workspaceRoot) {
  const parts = resource.split(`${path.sep}node_modules${path.sep}`);
  if (parts.length > 1) {
    const rest = parts[parts.length - 1].split(path.sep);
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const relative = path.relative(workspaceRoot, resource).split(path.sep);
  // The suite's own code by package and top folder: host/src/shell, shared/src/ui, mf-board/src/features.
  return relative.slice(0, relative[1] === 'src' ? 3 : 2).join('/');
}

/** The plain modules behind a (possibly concatenated) module, with the name of what they are. */
function* leavesOf(module) {
  if (module.modules) for (const inner of module.modules) yield* leavesOf(inner);
  else yield module;
}

function describeModule(module, workspaceRoot) {
  if (module.resource) return packageOf(module.resource.split('?')[0], workspaceRoot);
  // Federation's own modules: provide-shared, consume-shared, remote and runtime modules.
  return `(${module.constructor.name})`;
}

class ChunkReportPlugin {
  constructor({ dir, workspaceRoot }) {
    this.dir = dir;
    this.workspaceRoot = workspaceRoot;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap('ChunkReportPlugin', (compilation) => {
      const { chunkGraph } = compilation;
      const chunks = [];
      for (const chunk of compilation.chunks) {
        const packages = {};
        for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
          for (const leaf of leavesOf(module)) {
            const name = describeModule(leaf, this.workspaceRoot);
            packages[name] = (packages[name] ?? 0) + (leaf.size?.() ?? 0);
          }
        }
        chunks.push({
          id: chunk.id,
          names: [...(chunk.name ? [chunk.name] : []), ...[...chunk.idNameHints].filter((hint) => hint !== chunk.name)],
          files: [...chunk.files].filter((file) => file.endsWith('.js')),
          packages: Object.fromEntries(Object.entries(packages).sort((a, b) => b[1] - a[1])),
        });
      }
      const out = path.join(this.dir, '.stats');
      fs.mkdirSync(out, { recursive: true });
      fs.writeFileSync(path.join(out, 'chunks.json'), `${JSON.stringify({ chunks }, null, 1)}\n`);
    });
  }
}

module.exports = { ChunkReportPlugin };

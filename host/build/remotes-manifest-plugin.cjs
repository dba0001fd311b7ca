/**
 * Emits dist/remotes.json: remote name -> entry URL and version. The host reads it at run time, so
 * pointing a remote elsewhere (or adding a canary) is an edit of this file, not a host rebuild.
 */
const path = require('node:path');
const { REMOTE_PACKAGES } = require('@negayno/shared/webpack');

class RemotesManifestPlugin {
  constructor({ workspaceRoot }) {
    this.workspaceRoot = workspaceRoot;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('RemotesManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'RemotesManifestPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const manifest = {};
        for (const dir of REMOTE_PACKAGES) {
          const { version } = require(path.join(this.workspaceRoot, dir, 'package.json'));
          manifest[dir.replace(/-/g, '_')] = { entry: `/remotes/${dir}/remoteEntry.js`, version };
        }
        compilation.emitAsset('remotes.json', new RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
      });
    });
  }
}

module.exports = { RemotesManifestPlugin };

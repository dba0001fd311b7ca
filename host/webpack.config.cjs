const path = require('node:path');
const { createAppConfig } = require('@negayno/shared/webpack');
const { RemotesManifestPlugin } = require('./build/remotes-manifest-plugin.cjs');

const config = createAppConfig({ dir: __dirname, isHost: true });

module.exports = (env, argv) => {
  const base = config(env, argv);
  base.plugins.push(new RemotesManifestPlugin({ workspaceRoot: path.join(__dirname, '..') }));
  return base;
};

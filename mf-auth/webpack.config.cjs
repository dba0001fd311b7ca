const { createAppConfig } = require('@negayno/shared/webpack');

module.exports = createAppConfig({ dir: __dirname, exposes: { './app': './src/exposes/app.tsx' } });

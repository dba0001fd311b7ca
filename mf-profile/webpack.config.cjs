const { createAppConfig } = require('@negayno/shared/webpack');

module.exports = createAppConfig({ dir: __dirname, name: 'mf_profile', exposes: { './app': './src/exposes/app.tsx' } });

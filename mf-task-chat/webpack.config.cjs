const { createAppConfig } = require('@negayno/shared/webpack');

module.exports = createAppConfig({ dir: __dirname, name: 'mf_task_chat', exposes: { './app': './src/exposes/app.tsx' } });

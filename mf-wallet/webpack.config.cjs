const { createAppConfig } = require('@negayno/shared/webpack');

module.exports = createAppConfig({ dir: __dirname, exposes: { './wallet-parcel': './src/exposes/wallet-parcel.tsx' } });

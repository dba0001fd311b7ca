const { createAppConfig } = require('@negayno/shared/webpack');

module.exports = createAppConfig({ dir: __dirname, name: 'mf_wallet', exposes: { './wallet-parcel': './src/exposes/wallet-parcel.tsx' } });

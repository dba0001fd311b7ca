/**
 * The one webpack recipe of the suite: the host and every remote call createAppConfig, so their
 * builds differ only in name and exposes. The shared singleton list lives here and nowhere else.
 */
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');

const SHARED_ROOT = path.join(__dirname, '..');
/** The suite's remotes, by package folder: the one list (shared/src/contract/remotes.json). */
const REMOTE_PACKAGES = require('../src/contract/remotes.json');

/** A remote's federation name is its folder with underscores (as federationNameOf in the contract). */
function federationNameOf(dir) {
  const remotePackage = path.basename(dir);
  if (!REMOTE_PACKAGES.includes(remotePackage)) throw new Error(`${remotePackage} is not in shared/src/contract/remotes.json`);
  return remotePackage.replace(/-/g, '_');
}

/** Packages that must exist once per page (DESIGN.md "Sharing"). */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'react-router',
  'mobx',
  'mobx-react-lite',
  'i18next',
  'react-i18next',
  'socket.io-client',
  'single-spa',
  'single-spa-react',
];

/** Subpaths imported on their own: a subpath is a separate shared module in Module Federation. */
const SUBPATHS = {
  react: ['react/jsx-runtime', 'react/jsx-dev-runtime'],
  'react-dom': ['react-dom/client'],
};

/** `fluent` is the suite's Fluent UI kit: Fluent itself is shared through it (see shared/src/fluent). */
const SHARED_ENTRIES = ['contract', 'api', 'bus', 'stores', 'i18n', 'ui', 'lib', 'fluent'];

function versionOf(pkg, fromDir) {
  const manifest = require.resolve(`${pkg}/package.json`, { paths: [fromDir, SHARED_ROOT] });
  return require(manifest).version;
}

/** Shared config with explicit versions: workspace:* is not semver, and MF needs real ones. */
function createSharedConfig(fromDir) {
  const shared = {};
  for (const pkg of SINGLETONS) {
    const version = versionOf(pkg, fromDir);
    const entry = { singleton: true, version, requiredVersion: `^${version}`, strictVersion: false };
    shared[pkg] = entry;
    for (const subpath of SUBPATHS[pkg] ?? []) shared[subpath] = { ...entry };
  }
  const ownVersion = require(path.join(SHARED_ROOT, 'package.json')).version;
  for (const name of SHARED_ENTRIES) {
    shared[`@negayno/shared/${name}`] = { singleton: true, version: ownVersion, requiredVersion: `^${ownVersion}`, strictVersion: false };
  }
  return shared;
}

/**
 * Every text file of a production build is also written as .br and .gz at the strongest settings, once,
 * so the server sends compressed bytes without compressing per request (server/src/http/static.ts).
 */
function precompressionPlugins() {
  const common = { test: /\.(js|css|html|json|svg)$/, threshold: 1024, minRatio: 0.9 };
  return [
    new CompressionPlugin({ ...common, algorithm: 'gzip', filename: '[path][base].gz', compressionOptions: { level: 9 } }),
    new CompressionPlugin({
      ...common,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
  ];
}

/**
 * @param {object} options
 * @param {string} options.dir        the package folder (__dirname of its webpack.config.cjs)
 * @param {Record<string,string>} [options.exposes]
 * @param {boolean} [options.isHost]  the host also gets an index.html and an entry
 * @param {object} [options.mode]
 */
function createAppConfig({ dir, exposes = {}, isHost = false }) {
  const name = isHost ? 'host' : federationNameOf(dir);
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: isHost ? { main: './src/index.ts' } : {},
      devtool: production ? false : 'eval-cheap-module-source-map',
      target: 'web',
      output: {
        path: path.join(dir, 'dist'),
        // Remotes load their chunks relative to where their remoteEntry.js was found.
        publicPath: isHost ? '/' : 'auto',
        // The host's entry chunk keeps a plain name: with webpack 5.111 the federation runtime module
        // resolves this template before content hashes exist (module-federation/core#5077). It is
        // served with no-cache, like remoteEntry.js; every other chunk is content-hashed.
        filename: production && !isHost ? '[name].[contenthash:12].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:12].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:12][ext]',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.mjs'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        // @negayno/shared is compiled from its TypeScript source by each build.
        conditionNames: ['negayno-source', 'browser', 'import', 'module', 'default'],
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
                  target: 'es2022',
                },
              },
            },
          },
          { test: /\.css$/, use: ['style-loader', 'css-loader'] },
          { test: /\.(png|svg|jpe?g|gif|woff2?|ttf)$/, type: 'asset' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: createSharedConfig(dir),
          shareStrategy: 'loaded-first',
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
          // The host provides the federation runtime core; remotes use it instead of each bundling
          // their own copy (about 20 KiB gzip per remote entry).
          experiments: isHost ? { asyncStartup: true, provideExternalRuntime: true } : { asyncStartup: true, externalRuntime: true },
        }),
        ...(isHost
          ? [
              new HtmlWebpackPlugin({
                template: path.join(dir, 'src/index.html'),
                scriptLoading: 'defer',
                inject: 'body',
              }),
            ]
          : []),
        ...(production ? precompressionPlugins() : []),
      ],
      optimization: {
        minimize: production,
        minimizer: [
          new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, extractComments: false, minimizerOptions: { compress: { passes: 2 }, mangle: true } }),
        ],
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
      },
      performance: { hints: false },
      stats: production ? 'errors-warnings' : 'minimal',
      infrastructureLogging: { level: 'warn' },
    };
  };
}

module.exports = { REMOTE_PACKAGES, createAppConfig, createSharedConfig, SINGLETONS };

/**
 * The one webpack recipe of the suite: the host and every remote call createAppConfig, so their
 * builds differ only in name and exposes. The shared singleton list lives here and nowhere else.
 */
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { ChunkReportPlugin } = require('./chunk-report-plugin.cjs');

const SHARED_ROOT = path.join(__dirname, '..');
/** The suite's remotes, by package folder: the one list (shared/src/contract/remotes.json). */
const REMOTE_PACKAGES = require('../src/contract/remotes.json');

/** A remote's federation name is its folder with underscores (as federationNameOf in the contract). */
function federationNameOf(dir) {
  const remotePackage = path.basename(dir);
  if (!REMOTE_PACKAGES.includes(remotePackage)) throw new Error(`${remotePackage} is not in shared/src/contract/remotes.json`);
  return remotePackage.replace(/-/g, '_');
}

/**
 * Packages that must exist once per page (DESIGN.md "Sharing"). react-router is not among them: every
 * remote renders its own BrowserRouter and no shared code reads a router, so each build keeps only the
 * parts it uses (shared whole, it cost every page 61 kB gzip; docs/decisions.md). Nor is react-i18next:
 * it lives inside `@negayno/shared/i18n`, the shared module every build reads words through, so there
 * is still one copy a page, with only the hook and the plugin the suite uses.
 */
const SINGLETONS = ['react', 'react-dom', 'mobx', 'mobx-react-lite', 'i18next', 'socket.io-client', 'single-spa', 'single-spa-react'];

/**
 * Subpaths imported on their own: a subpath is a separate shared module in Module Federation. JSX
 * compiles to `react/jsx-dev-runtime` only in development builds; a production remote entry that
 * offered it would carry a share nobody asks for.
 */
function subpathsOf(pkg, production) {
  if (pkg === 'react') return production ? ['react/jsx-runtime'] : ['react/jsx-runtime', 'react/jsx-dev-runtime'];
  if (pkg === 'react-dom') return ['react-dom/client'];
  return [];
}

/**
 * Fluent UI is not shared as a whole: each build bundles the components it uses (tree-shaken through
 * `@negayno/shared/fluent`, which is therefore not a shared entry), and only the packages holding
 * Fluent's page-wide state are singletons: the theme and provider contexts, the Griffel renderer and
 * its style cache, the id-prefix context. Tabster and keyborg keep one instance per window by
 * themselves. Each is found through the package that depends on it (pnpm keeps them out of reach).
 */
const FLUENT_SINGLETONS = [
  ['@fluentui/react-shared-contexts', '@fluentui/react-components'],
  ['@fluentui/react-utilities', '@fluentui/react-components'],
  ['@griffel/react', '@fluentui/react-components'],
  ['@griffel/core', '@fluentui/react-components', '@griffel/react'],
];

/**
 * Fluent's `tokens` map (a CSS variable name for each of ~500 design tokens, about 3.7 kB gzip): every
 * component's styles read it, so each build that bundles a component carried a copy, three on the
 * login page alone. One module, shared by its resolved path (module requests inside Fluent reach it
 * relatively), is one copy a page.
 */
const FLUENT_TOKENS_MAP_KEY = '@fluentui/tokens/lib/tokens.js';
/** How `@fluentui/tokens` is reached: through the kit's theme package. */
const FLUENT_TOKENS_CHAIN = ['@fluentui/react-components', '@fluentui/react-theme'];

function fluentTokensMapFile() {
  return path.join(dirThrough('@fluentui/tokens', FLUENT_TOKENS_CHAIN), 'lib', 'tokens.js');
}

/**
 * The screens after sign-in (board, drawer, wallet, profile) use most of the kit: for them
 * `@negayno/shared/fluent` is one shared module, fetched once and reused by each (bundled per remote,
 * each carried its own drawers, dialogs and menus: about 150 kB gzip a remote). The first screen's
 * builds keep their own tree-shaken Fluent, so a signed-out visitor never downloads the whole kit.
 */
const OWN_FLUENT_KIT = ['host', 'mf_auth'];

/**
 * The kit and its drawers' part (`@negayno/shared/fluent-drawers`: tabs, popover, checkbox, text area,
 * rating, progress, which the board never draws) are provided by the host alone and only consumed by
 * the remotes (`import: false`). One build's Fluent for every screen is what lets the kit be several
 * modules: a Textarea of the drawers' part reads the label of a kit Field only when both come from one
 * build (two builds' copies are two contexts). Each remote entry is lighter for it too.
 */
const FLUENT_KIT = '@negayno/shared/fluent';
const FLUENT_DRAWERS = '@negayno/shared/fluent-drawers';
/**
 * The kit's part a board's first paint does not draw (`@negayno/shared/fluent-panels`: drawers,
 * dialogs, table, switch, select, radios, cards), provided by the host alone like the other two.
 */
const FLUENT_PANELS = '@negayno/shared/fluent-panels';
/** The kit's parts the host provides and every other build after sign-in only consumes. */
const HOST_PROVIDED_KIT = { [FLUENT_KIT]: 'index.ts', [FLUENT_DRAWERS]: 'drawers.ts', [FLUENT_PANELS]: 'panels.ts' };

/**
 * The host's header after sign-in (the user menu, notifications' badge, tooltips) and its language
 * menu use Menu, Tooltip, Avatar and Badge, which bring tabster and the positioning engine: bundled
 * in the host they were a second copy (about 60 kB gzip) of what the board's page already holds in
 * the shared kit. The host's deferred parts import the kit through this share
 * (`@negayno/shared/fluent-kit`), the rest of the host keeps its tree-shaken Fluent. The kit the
 * host provides is the kit's file under a query of its own, so it is a module apart from the
 * tree-shaken one in main.js (one module with every export used would have put the whole kit there);
 * the Fluent modules main.js already holds are not repeated in it.
 */
const HOST_KIT_REQUEST = '@negayno/shared/fluent-kit';

/**
 * What the first screen draws with (provider, themes, buttons, fields, links, spinner) is one shared
 * module for every build, so the host and mf-auth do not each carry a copy, and the kit reuses it.
 */
const FLUENT_BASE = 'fluent-base';

/**
 * `lib` (formatting, storage, sanitising), `ui` (components) and `fluent` hold no state: each build
 * keeps the parts it uses (shared, every page loaded all of them: the drawers, DOMPurify…). Their
 * files are marked free of side effects in shared/package.json so unused ones are dropped.
 */
const SHARED_ENTRIES = ['contract', 'api', 'bus', 'stores', 'work-stores', 'i18n'];

/**
 * What the host provides is in its first file (`eager`), not in a file of its own per package: every
 * page runs all of it before it draws anything, and 21 files of the host's own (each a separate gzip
 * stream and chunk wrapper, fetched a round trip after main.js) cost the login page 12 kB gzip more
 * than one, and a slow mobile network a second (docs/perf.md, issue 17). Only what a page needs after
 * sign-in stays a chunk of its own, fetched when it is first used.
 */
const HOST_SHARES_LOADED_LATER = ['socket.io-client', '@negayno/shared/work-stores', HOST_KIT_REQUEST, FLUENT_DRAWERS, FLUENT_PANELS];

function versionOf(pkg, fromDir) {
  const manifest = require.resolve(`${pkg}/package.json`, { paths: [fromDir, SHARED_ROOT] });
  return require(manifest).version;
}

/** The version of `pkg` reached through a chain of dependants (`@griffel/core` of `@griffel/react`). */
function versionThrough(pkg, chain) {
  return require(path.join(dirThrough(pkg, chain), 'package.json')).version;
}

/** The folder of `pkg` reached through a chain of dependants (pnpm keeps it out of reach otherwise). */
function dirThrough(pkg, chain) {
  let dir = SHARED_ROOT;
  for (const dependant of [...chain, pkg]) dir = path.dirname(require.resolve(`${dependant}/package.json`, { paths: [dir] }));
  return dir;
}

/** Shared config with explicit versions: workspace:* is not semver, and MF needs real ones. */
function createSharedConfig(fromDir, name, production = true) {
  const shared = {};
  for (const pkg of SINGLETONS) {
    const version = versionOf(pkg, fromDir);
    const entry = { singleton: true, version, requiredVersion: `^${version}`, strictVersion: false };
    shared[pkg] = entry;
    for (const subpath of subpathsOf(pkg, production)) shared[subpath] = { ...entry };
  }
  for (const [pkg, ...chain] of FLUENT_SINGLETONS) {
    const version = versionThrough(pkg, chain);
    shared[pkg] = { singleton: true, version, requiredVersion: `^${version}`, strictVersion: false };
  }
  const tokensVersion = versionThrough('@fluentui/tokens', FLUENT_TOKENS_CHAIN);
  shared[fluentTokensMapFile()] = {
    shareKey: FLUENT_TOKENS_MAP_KEY,
    singleton: true,
    version: tokensVersion,
    requiredVersion: `^${tokensVersion}`,
    strictVersion: false,
  };
  const ownVersion = require(path.join(SHARED_ROOT, 'package.json')).version;
  const own = { singleton: true, version: ownVersion, requiredVersion: `^${ownVersion}`, strictVersion: false };
  for (const entry of [...SHARED_ENTRIES, FLUENT_BASE]) shared[`@negayno/shared/${entry}`] = { ...own };
  if (!OWN_FLUENT_KIT.includes(name)) {
    for (const request of Object.keys(HOST_PROVIDED_KIT)) shared[request] = { ...own, import: false };
  }
  if (name === 'host') {
    const fluentFile = (file) => path.join(SHARED_ROOT, 'src', 'fluent', file);
    shared[HOST_KIT_REQUEST] = { ...own, shareKey: FLUENT_KIT, import: `${fluentFile(HOST_PROVIDED_KIT[FLUENT_KIT])}?kit` };
    for (const request of [FLUENT_DRAWERS, FLUENT_PANELS]) shared[request] = { ...own, import: fluentFile(HOST_PROVIDED_KIT[request]) };
    for (const [key, entry] of Object.entries(shared)) entry.eager = !HOST_SHARES_LOADED_LATER.includes(key);
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
      // Production maps feed the chunk report (chunk-report-plugin.cjs), which drops them from dist/
      // unless NEGAYNO_SOURCE_MAPS asks to keep them.
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      // The runtime webpack writes (remoteEntry.js above all) in the same modern syntax as the code.
      target: ['web', 'es2022'],
      output: {
        // scripts/build.mjs builds into dist.next and swaps it in whole once every package built.
        path: path.join(dir, process.env.NEGAYNO_BUILD_OUT ?? 'dist'),
        // Remotes load their chunks relative to where their remoteEntry.js was found.
        publicPath: isHost ? '/' : 'auto',
        // The host's entry chunk keeps a plain name: with webpack 5.111 the federation runtime module
        // resolves this template before content hashes exist (module-federation/core#5077). It is
        // served with no-cache, like remoteEntry.js; every other chunk is content-hashed.
        // Eight hex digits tell versions of one chunk apart; the runtime in remoteEntry.js lists the
        // hash of every chunk of its build, so each digit more costs every remote entry ~60 bytes.
        filename: production && !isHost ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:12][ext]',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.mjs'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        // @negayno/shared is compiled from its TypeScript source by each build.
        conditionNames: ['negayno-source', 'browser', 'import', 'module', 'default'],
        // The contract's schemas run on the server only: the browser gets an inert zod (zod-inert.mjs).
        alias: { zod$: path.join(__dirname, 'zod-inert.mjs') },
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
          // css-loader embeds a source map of the CSS in the bundle whenever the build makes maps
          // (its default follows devtool): +4.9 kB gzip for Quill's theme, so never.
          { test: /\.css$/, use: ['style-loader', { loader: 'css-loader', options: { sourceMap: false } }] },
          { test: /\.(png|svg|jpe?g|gif|woff2?|ttf)$/, type: 'asset' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: createSharedConfig(dir, name, production),
          shareStrategy: 'loaded-first',
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
          experiments: {
            asyncStartup: true,
            // The host provides the federation runtime core; remotes use it instead of each bundling
            // their own copy (about 20 KiB gzip per remote entry).
            ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: true }),
            // Remotes are registered by their remoteEntry.js, never by a manifest, so the runtime's
            // snapshot plugin (manifest loading and preloading) and its Node branches are dead code in a
            // browser: −3.1 kB gzip of the host's main.js, 20–40 bytes of each remote entry.
            optimization: { disableSnapshot: true, target: 'web' },
          },
        }),
        ...(isHost
          ? [
              new HtmlWebpackPlugin({
                // The page as it is, not compiled as a template: a template is built by a child
                // compilation, which Module Federation's provides run in too, and it emitted a stray
                // copy of the host's lazily provided kit (730 kB nobody asks for).
                templateContent: fs.readFileSync(path.join(dir, 'src/index.html'), 'utf8'),
                scriptLoading: 'defer',
                inject: 'body',
              }),
            ]
          : []),
        // A remote's copy of i18n is a fallback the host's replaces: its words stay in one chunk.
        ...(isHost ? [] : [new webpack.NormalModuleReplacementPlugin(/^\.\/locale-chunks\.js$/, './locale-bundled.js')]),
        ...(production
          ? [
              ...precompressionPlugins(),
              new ChunkReportPlugin({ dir, workspaceRoot: path.join(SHARED_ROOT, '..'), keepSourceMaps: Boolean(process.env.NEGAYNO_SOURCE_MAPS) }),
            ]
          : []),
      ],
      optimization: {
        minimize: production,
        minimizer: [
          new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, extractComments: false, minimizerOptions: { compress: { passes: 2 }, mangle: true } }),
        ],
        moduleIds: 'deterministic',
        // A remote's vendor code and the modules its lazy parts have in common stay in the chunks that
        // use them: each split-off chunk is one more name and hash in remoteEntry.js (kept under 10 kB),
        // past 50 chunks webpack's ids grow a digit everywhere the entry names them (−67 to −162 bytes
        // per entry without the split; the first chunks got smaller too), and a remote's fallbacks of the
        // shared packages are never fetched while the host provides them.
        splitChunks: isHost ? undefined : { cacheGroups: { default: false, defaultVendors: false } },
        chunkIds: 'deterministic',
      },
      performance: { hints: false },
      stats: production ? 'errors-warnings' : 'minimal',
      infrastructureLogging: { level: 'warn' },
    };
  };
}

module.exports = { REMOTE_PACKAGES, createAppConfig, createSharedConfig, SINGLETONS };

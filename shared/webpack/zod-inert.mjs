/**
 * What the browser builds get for `zod` (shared/webpack/index.cjs, resolve.alias). The contract
 * builds its schemas when it is imported, but only the server runs them: the browser reads paths and
 * methods from the endpoint table and lets the server validate (docs/decisions.md). Real zod cost every
 * page 26.5 kB gzip for nothing. Any schema built here is this inert stand-in; running one throws, so a
 * browser module that starts validating with the contract fails loudly instead of passing everything.
 */
const RUNNERS = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'spa', 'decode', 'encode', 'safeDecode', 'safeEncode']);

function refuse() {
  throw new Error('zod schemas do not run in the browser bundle (shared/webpack/zod-inert.mjs): validate on the server');
}

const inert = new Proxy(function schema() {}, {
  get(_target, key) {
    // Not a thenable, not iterable, not a primitive: only chaining and calling are answered.
    if (key === 'then' || typeof key === 'symbol') return undefined;
    if (RUNNERS.has(key)) return refuse;
    return inert;
  },
  apply: () => inert,
  construct: () => inert,
});

export const z = inert;
export default inert;

// jsdom lacks some Web APIs that Node has (TextEncoder, fetch…); lend them to the test window.
const { TestEnvironment } = require('jest-environment-jsdom');

const LENT = ['TextEncoder', 'TextDecoder', 'fetch', 'Request', 'Response', 'Headers', 'FormData', 'structuredClone', 'ReadableStream'];

class NegaynoJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of LENT) if (this.global[name] === undefined) this.global[name] = globalThis[name];
  }
}

module.exports = NegaynoJsdomEnvironment;

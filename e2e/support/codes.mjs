// Single-use invitation codes the CLI issues before the end-to-end server starts: one per spec that
// needs a fresh one, so the specs stay independent of each other's order.
export const E2E_CODES = {
  client: ['E2E-CLIENT-FRESH', 'E2E-CLIENT-USED'],
  performer: ['E2E-PERFORMER-FRESH'],
};

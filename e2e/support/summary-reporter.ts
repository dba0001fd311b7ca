import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** One closing line with the counts, so `npm test` prints the end-to-end summary plainly. */
export default class SummaryReporter implements Reporter {
  private readonly counts = { passed: 0, failed: 0, skipped: 0, flaky: 0 };

  onTestEnd(test: TestCase, result: TestResult): void {
    // Count each test once, on its last attempt.
    const last = result.retry === test.retries || result.status === 'passed' || result.status === 'skipped';
    if (!last) return;
    const outcome = test.outcome();
    if (outcome === 'skipped') this.counts.skipped += 1;
    else if (outcome === 'flaky') this.counts.flaky += 1;
    else if (outcome === 'expected') this.counts.passed += 1;
    else this.counts.failed += 1;
  }

  onEnd(result: FullResult): void {
    const { passed, failed, skipped, flaky } = this.counts;
    console.log(`\nend to end: ${passed} passed, ${failed} failed, ${skipped} skipped, ${flaky} flaky — ${result.status}`);
  }
}

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { repoRoot as REPO_ROOT } from './server.mjs';
/** Read by scripts/test.mjs to print the slowest test files of the whole run. */
export const TIMINGS_FILE = join(REPO_ROOT, '.tools', 'timings', 'playwright.json');

/**
 * One closing line with the counts, so `npm test` prints the end-to-end summary plainly, and each spec
 * file's time (the sum of its tests' attempts) for the slowest-files list.
 */
export default class SummaryReporter implements Reporter {
  private readonly counts = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
  private readonly secondsByFile = new Map<string, number>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = relative(REPO_ROOT, test.location.file);
    this.secondsByFile.set(file, (this.secondsByFile.get(file) ?? 0) + result.duration / 1000);
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
    mkdirSync(dirname(TIMINGS_FILE), { recursive: true });
    writeFileSync(TIMINGS_FILE, JSON.stringify(Object.fromEntries(this.secondsByFile)));
  }
}

// Prints one closing line over every test report of `npm test`: "N passed, N failed", and names
// the end-to-end tests that passed only on their retry (flaky).
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '../test-results');
let passed = 0;
let failed = 0;
let skipped = 0;
const parts = [];
const flaky = [];

/** Titles of the Playwright tests that passed only on their retry. */
function flakyTests(suite, titles = []) {
  const found = [];
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'flaky') found.push(`[${test.projectName}] ${[...titles, spec.title].join(' › ')}`);
    }
  }
  for (const child of suite.suites ?? []) found.push(...flakyTests(child, [...titles, child.title]));
  return found;
}

for (const name of fs.existsSync(dir)
  ? fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
  : []) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  let p, f, s;
  if (report.stats && 'expected' in report.stats) {
    // Playwright JSON reporter
    p = report.stats.expected + (report.stats.flaky ?? 0);
    for (const suite of report.suites ?? []) flaky.push(...flakyTests(suite, [suite.title]));
    f = report.stats.unexpected;
    s = report.stats.skipped;
  } else {
    // Vitest JSON reporter (Jest format)
    // A file that failed without a failed test (its import or a beforeAll hook threw: Vitest
    // then reports its tests as skipped) counts as one failure, not as skipped tests.
    const brokenFiles = (report.testResults ?? []).filter(
      (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed'),
    );
    const hidden = brokenFiles.reduce(
      (n, file) =>
        n + (file.assertionResults ?? []).filter((a) => a.status === 'skipped' || a.status === 'pending').length,
      0,
    );
    p = report.numPassedTests ?? 0;
    f = (report.numFailedTests ?? 0) + brokenFiles.length;
    s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0) - hidden;
  }
  parts.push(`${name.replace(/\.json$/, '')}: ${p}/${p + f}`);
  passed += p;
  failed += f;
  skipped += s;
}
console.log(`\n${parts.join(' · ')}`);
if (flaky.length) {
  console.log(`\n${flaky.length} flaky (failed once, passed on the retry; traces in e2e/artifacts/):`);
  for (const title of flaky) console.log(`  ${title}`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (passed === 0 || failed > 0) process.exit(1);

// Prints one closing line over every test report of `npm test`: "N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '../test-results');
let passed = 0;
let failed = 0;
let skipped = 0;
const parts = [];
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
    f = report.stats.unexpected;
    s = report.stats.skipped;
  } else {
    // Vitest JSON reporter (Jest format)
    p = report.numPassedTests ?? 0;
    f = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
    s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  parts.push(`${name.replace(/\.json$/, '')}: ${p}/${p + f}`);
  passed += p;
  failed += f;
  skipped += s;
}
console.log(`\n${parts.join(' · ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (passed === 0 || failed > 0) process.exit(1);

// A node:test reporter that writes the counts in the shape of Vitest's JSON report (the Jest
// format), so that scripts/summary.mjs counts the lint-rule tests with the others.
//   node --test --test-reporter=./scripts/eslint/jest-json-reporter.mjs \
//     --test-reporter-destination=test-results/lint-rules.json scripts/eslint/zones.test.mjs
export default async function* jestJsonReporter(source) {
  const counts = { pass: 0, fail: 0, skip: 0 };
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { details, skip, todo } = event.data;
    if (details?.type === 'suite') continue; // a describe() block, not a test
    if (skip || todo) counts.skip += 1;
    else if (event.type === 'test:pass') counts.pass += 1;
    else counts.fail += 1;
  }
  yield `${JSON.stringify({
    numPassedTests: counts.pass,
    numFailedTests: counts.fail,
    numPendingTests: counts.skip,
    numTodoTests: 0,
    success: counts.fail === 0,
    testResults: [],
  })}\n`;
}

import { expect, it } from 'vitest';
import { installConsoleErrorGuard } from './console-guard.js';

/** setup.ts fails a test that logs console.error; this checks the guard it relies on. */
it('records console.error calls and fails on them', () => {
  const guard = installConsoleErrorGuard();
  expect(installConsoleErrorGuard()).toBe(guard); // installed once per worker, by setup.ts
  console.error('boom %d', 42, { detail: true });
  expect(() => guard.assertNone('this check')).toThrow(/console\.error was called in this check[\s\S]*boom 42/);
  // assertNone took the calls, so this test itself passes the afterEach check.
  expect(guard.take()).toEqual([]);
  expect(() => guard.assertNone('this check')).not.toThrow();
});

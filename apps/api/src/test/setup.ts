import { afterAll, afterEach } from 'vitest';
import { installConsoleErrorGuard } from './console-guard.js';

/**
 * Convention 8: a test that logs console.error fails. The guard records every call; the
 * test (or, for calls made in hooks, the file) then fails with the logged text.
 */
const guard = installConsoleErrorGuard();

afterEach(() => {
  guard.assertNone('this test');
});

afterAll(() => {
  guard.assertNone('a hook of this file');
});

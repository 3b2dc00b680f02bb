import { format } from 'node:util';

export interface ConsoleErrorGuard {
  /** The console.error calls since the last check, formatted; clears them. */
  take(): string[];
  /** Throws (failing the current test) when console.error was called since the last check. */
  assertNone(where: string): void;
}

let installed: ConsoleErrorGuard | undefined;

/** Replaces console.error with a recorder; installed once per worker by setup.ts. */
export function installConsoleErrorGuard(): ConsoleErrorGuard {
  if (installed) return installed;
  let calls: string[] = [];
  console.error = (...args: unknown[]) => {
    calls.push(format(...args));
  };
  installed = {
    take() {
      const taken = calls;
      calls = [];
      return taken;
    },
    assertNone(where) {
      const taken = this.take();
      if (taken.length) {
        throw new Error(
          `console.error was called in ${where} (a test that logs console.error fails):\n${taken.join('\n---\n')}`,
        );
      }
    },
  };
  return installed;
}

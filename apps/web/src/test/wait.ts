/**
 * How long a test waits for what it expects to appear (`findBy…`, `waitFor`). A wait ends as soon
 * as the element appears, so this is room for a machine busy with another build, not a speed check
 * (issue 28: a test that fails on a busy machine is a defect).
 */
export const EVENT_WAIT_MS = 20_000;

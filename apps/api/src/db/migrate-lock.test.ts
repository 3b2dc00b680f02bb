import { expect, it } from 'vitest';
import { useTestApp } from '../test/harness.js';
import { migrate } from './client.js';

/**
 * The migration lock is a session-level advisory lock: taken and released on one connection.
 * Through the pool, lock and unlock could land on different connections: the unlock then fails
 * (with a warning) and the lock stays held by an idle pooled connection, so the next instance's
 * migrate waits forever.
 */
const t = await useTestApp();

const heldMigrationLocks = () =>
  t.sql<{ n: number }>(
    // Advisory locks belong to a database; other test files migrate their own databases on the
    // same server at the same time.
    `SELECT count(*)::int AS n FROM pg_locks
      WHERE locktype = 'advisory' AND objid = 727274 AND granted
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );

it('migrate releases its lock on the connection that took it, while other queries share the pool', async () => {
  for (let round = 0; round < 5; round++) {
    // Other requests keep every pooled connection busy (the harness's pool has 4), so each of
    // migrate's statements goes to whichever connection frees up first.
    let done = false;
    const loop = async () => {
      while (!done) await t.database.query('SELECT pg_sleep(0.002)');
    };
    // (PGlite has one connection and answers without yielding to timers: no traffic there.)
    const traffic = t.database.kind === 'postgres' ? [loop(), loop(), loop(), loop()] : [];
    await new Promise((resolve) => setTimeout(resolve, 20));
    const applied = await migrate(t.database);
    done = true;
    await Promise.all(traffic);
    expect(applied).toEqual([]); // already migrated: nothing to apply
    if (t.database.kind === 'postgres') expect((await heldMigrationLocks())[0]!.n, `round ${round}`).toBe(0);
  }
  // Two migrations at once (two instances booting) both finish.
  const both = await Promise.all([migrate(t.database), migrate(t.database)]);
  expect(both).toEqual([[], []]);
});

it('withConnection runs every statement on one connection', async () => {
  const pids = await t.database.withConnection(async (conn) => {
    const seen = new Set<number>();
    for (let i = 0; i < 5; i++) {
      await Promise.all([t.database.query('SELECT 1'), t.database.query('SELECT 1')]);
      seen.add((await conn.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]!.pid);
    }
    return seen;
  });
  expect(pids.size).toBe(1);
});

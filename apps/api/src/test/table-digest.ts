import type { TestApp } from './harness.js';

/**
 * Tables whose rows a refused request may legitimately write, left out of the digest: the
 * counters of rate limiting, the audit trail (an attempt may be recorded) and the sessions (a
 * request with a session refreshes its last-seen time).
 */
export const BOOKKEEPING_TABLES: readonly string[] = [
  'rate_limits',
  'audit_log',
  'audit_chain_head',
  'sessions',
  'staff_sessions',
];

/**
 * Columns a test's own status changes move (a trigger keeps the time an application entered its
 * status): a test that sets a status and sets it back has changed nothing a request did.
 */
const BOOKKEEPING_COLUMNS: Record<string, readonly string[]> = { applications: ['status_changed_at'] };

/**
 * The contents of every table of the test database as `{ table: "<rows> <md5>" }`: the md5 of
 * all rows in text form, sorted. The list of tables is read from the catalogue, so tables of
 * later migrations are covered without a change here. Two equal digests mean no row was added,
 * removed or changed (bookkeeping tables aside).
 */
export async function tableDigests(
  t: Pick<TestApp, 'sql'>,
  exclude: readonly string[] = BOOKKEEPING_TABLES,
): Promise<Record<string, string>> {
  const tables = await t.sql<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    if (exclude.includes(name)) continue;
    const skipped = BOOKKEEPING_COLUMNS[name];
    const text = skipped ? `(to_jsonb(x) - ARRAY[${skipped.map((c) => `'${c}'`).join(', ')}])::text` : 'x::text';
    const [row] = await t.sql<{ n: number; digest: string }>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(${text}, E'\\n' ORDER BY ${text}), '')) AS digest
       FROM ${quoteIdent(name)} x`,
    );
    out[name] = `${row!.n} ${row!.digest}`;
  }
  return out;
}

/** The rows of every table (bookkeeping aside) whose text form matches the POSIX regex `pattern`. */
export async function rowsMatching(
  t: Pick<TestApp, 'sql'>,
  pattern: string,
  exclude: readonly string[] = [],
): Promise<{ table: string; row: string }[]> {
  const tables = await t.sql<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const found: { table: string; row: string }[] = [];
  for (const { name } of tables) {
    if (exclude.includes(name)) continue;
    const rows = await t.sql<{ row: string }>(
      `SELECT left(x::text, 300) AS row FROM ${quoteIdent(name)} x WHERE x::text ~ $1 LIMIT 5`,
      [pattern],
    );
    found.push(...rows.map((r) => ({ table: name, row: r.row })));
  }
  return found;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Rows of a `db.execute(sql...)` result; both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs raw SQL (several statements allowed), outside any transaction. */
  exec(sqlText: string): Promise<void>;
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs `fn` on one connection held for its whole duration (PostgreSQL: a client checked out of
   * the pool; PGlite has only one). Session-level state such as advisory locks needs it.
   */
  withConnection<T>(fn: (conn: Pick<Database, 'exec' | 'query'>) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` (any instance's, once
   * committed); answers the function that stops listening. PostgreSQL: one connection of its own,
   * outside the pool, opened again when it drops.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** PGlite only: the data directory as an uncompressed tarball (test templates load it again). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it PGlite is used. */
  url?: string;
  /** PGlite data directory; without it (and without url) an in-memory PGlite. */
  dataDir?: string;
  poolSize?: number;
  /** In-memory PGlite only: start from this data-directory dump (`PGlite#dumpDataDir`); tests use it to skip initdb. */
  loadDataDir?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.loadDataDir);
}

/** Planner setting of every connection, PostgreSQL and PGlite alike (ADR 041). */
const RANDOM_PAGE_COST = 1.1;

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // timestamptz and timestamp come back as Date (the default); bigint counts as numbers.
  pg.types.setTypeParser(20, (v) => Number(v));
  // The planner's cost of a random page as on SSD storage (PostgreSQL's default 4 assumes spinning
  // disks): the queue's indexes are read for deep pages and counts (ADR 041).
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
  });
  pool.on('error', () => undefined); // an idle client's error must not kill the process
  await pool.query('SELECT 1');
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    async exec(sqlText) {
      await pool.query(sqlText);
    },
    async query<T>(sqlText: string, params: unknown[] = []) {
      const res = await pool.query(sqlText, params);
      return res.rows as T[];
    },
    async withConnection(fn) {
      const client = await pool.connect();
      try {
        return await fn({
          async exec(sqlText) {
            await client.query(sqlText);
          },
          async query<T>(sqlText: string, params: unknown[] = []) {
            return (await client.query(sqlText, params)).rows as T[];
          },
        });
      } finally {
        client.release();
      }
    },
    async listen(channel, onNotify) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
      let client: InstanceType<typeof pg.Client> | undefined;
      let stopped = false;
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: url });
        next.on('notification', (msg) => {
          if (msg.channel === channel) onNotify(msg.payload ?? '');
        });
        next.on('error', () => {
          // The connection dropped: listen again on a new one (notifications meanwhile are lost;
          // the periodic refresh covers them).
          void next.end().catch(() => undefined);
          if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
        });
        await next.connect();
        await next.query(`LISTEN ${channel}`);
        client = next;
      };
      await connect();
      return async () => {
        stopped = true;
        await client?.end().catch(() => undefined);
      };
    },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { drizzle } = await import('drizzle-orm/pglite');
  // The same extensions as on PostgreSQL: trigram indexes for company search (ADR 006), btree_gist
  // for the appointments' no-overlap constraint (ADR 017).
  const extensions = { pg_trgm, btree_gist };
  let lock: DataDirLock | undefined;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    lock = acquireDataDirLock(dataDir);
  }
  let client: InstanceType<typeof PGlite>;
  try {
    client = dataDir
      ? await PGlite.create(path.join(dataDir, 'pgdata'), { extensions })
      : await PGlite.create(loadDataDir ? { loadDataDir, extensions } : { extensions });
  } catch (err) {
    lock?.release();
    throw err;
  }
  await client.exec(`SET random_page_cost = ${RANDOM_PAGE_COST}`);
  const db = drizzle(client, { schema }) as unknown as Db;
  const conn: Pick<Database, 'exec' | 'query'> = {
    async exec(sqlText) {
      await client.exec(sqlText);
    },
    async query<T>(sqlText: string, params: unknown[] = []) {
      const res = await client.query<T>(sqlText, params);
      return res.rows;
    },
  };
  return {
    kind: 'pglite',
    db,
    ...conn,
    withConnection: (fn) => fn(conn),
    async listen(channel, onNotify) {
      const stop = await client.listen(channel, onNotify);
      return async () => {
        await stop();
      };
    },
    dump() {
      return client.dumpDataDir('none');
    },
    async close() {
      await client.close();
      lock?.release();
    },
  };
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations');

/**
 * Applies migrations/*.sql in name order, each once, recorded in schema_migrations.
 * On PostgreSQL an advisory lock makes concurrent instances wait for each other.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  const body = async (conn: Pick<Database, 'exec' | 'query'>) => {
    await conn.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await conn.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      await conn.exec(
        `BEGIN;\n${text}\n;INSERT INTO schema_migrations (name) VALUES ('${file.replace(/'/g, "''")}');\nCOMMIT;`,
      );
      applied.push(file);
    }
  };
  if (database.kind === 'postgres') {
    // Session-level lock: taken and released on the same connection, which stays checked out
    // for the whole run (through the pool, lock and unlock could land on different connections).
    await database.withConnection(async (conn) => {
      await conn.exec('SELECT pg_advisory_lock(727274)');
      try {
        await body(conn);
      } finally {
        await conn.exec('SELECT pg_advisory_unlock(727274)');
      }
    });
  } else {
    await body(database);
  }
  return applied;
}

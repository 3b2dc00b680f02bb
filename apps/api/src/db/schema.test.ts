import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.js';
import { migrate } from './client.js';
import * as schema from './schema.js';

/** db/schema.ts mirrors the SQL migrations; this keeps the two from drifting apart. */
const t = await useTestApp();

interface DbColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
}

/** information_schema's data_type for drizzle's SQL type. */
const normalise = (sqlType: string) =>
  ({ bigserial: 'bigint', serial: 'integer', 'timestamp with time zone': 'timestamp with time zone' })[sqlType] ??
  sqlType;

const declaredTables = Object.values(schema as Record<string, unknown>)
  .filter((v): v is PgTable => is(v, PgTable))
  .map((table) => getTableConfig(table));

async function databaseColumns(): Promise<DbColumn[]> {
  return t.sql<DbColumn>(
    `SELECT table_name, column_name, data_type, is_nullable, column_default
     FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
  );
}

describe('schema.ts and the migrations', () => {
  it('declares every table of the migrations (and the platform and application tables by name)', async () => {
    const inDatabase = await t.sql<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations'`,
    );
    const declared = declaredTables.map((tbl) => tbl.name).sort();
    expect(declared).toEqual(inDatabase.map((r) => r.table_name).sort());
    expect(declared).toEqual(
      expect.arrayContaining([
        'application_status_history',
        'applications',
        'audit_log',
        'companies',
        'mail_outbox',
        'partners',
        'rate_limits',
        'sessions',
        'user_tokens',
        'users',
      ]),
    );
  });

  it('every column declared in schema.ts exists in the migrated database, with the same type and nullability', async () => {
    const actual = new Map((await databaseColumns()).map((c) => [`${c.table_name}.${c.column_name}`, c]));
    const problems: string[] = [];
    for (const table of declaredTables) {
      for (const column of table.columns) {
        const name = `${table.name}.${column.name}`;
        const db = actual.get(name);
        if (!db) {
          problems.push(`${name}: declared in schema.ts, missing in the database`);
          continue;
        }
        if (normalise(column.getSQLType()) !== db.data_type) {
          problems.push(`${name}: schema.ts ${column.getSQLType()}, database ${db.data_type}`);
        }
        if (column.notNull !== (db.is_nullable === 'NO')) {
          problems.push(`${name}: schema.ts notNull=${column.notNull}, database nullable=${db.is_nullable}`);
        }
        if (column.hasDefault !== (db.column_default !== null) && !column.primary) {
          problems.push(`${name}: schema.ts hasDefault=${column.hasDefault}, database default=${db.column_default}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('every column of the database is declared in schema.ts (apart from the migration bookkeeping)', async () => {
    const declared = new Set(declaredTables.flatMap((tbl) => tbl.columns.map((c) => `${tbl.name}.${c.name}`)));
    const undeclared = (await databaseColumns())
      .filter((c) => c.table_name !== 'schema_migrations')
      .map((c) => `${c.table_name}.${c.column_name}`)
      .filter((name) => !declared.has(name));
    expect(undeclared).toEqual([]);
  });

  it('migrate is recorded and idempotent', async () => {
    const applied = await t.sql<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(applied.map((r) => r.name)).toContain('0001_platform.sql');
    expect(await migrate(t.database)).toEqual([]);
  });

  it('partners are synchronised from the files', async () => {
    const rows = await t.sql<{ id: string; config: { display_name: string; logoPath?: string } }>(
      'SELECT id, config FROM partners ORDER BY id',
    );
    expect(rows.map((r) => r.id)).toEqual(['alpen', 'demo', 'nordbank', 'vistula']);
    expect(rows.find((r) => r.id === 'nordbank')?.config.display_name).toBe('Nordbank Business');
    expect(rows[0]?.config).not.toHaveProperty('logoPath'); // a local path is no configuration
  });
});

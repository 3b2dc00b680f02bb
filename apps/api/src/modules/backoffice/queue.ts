import { stringify } from 'csv-stringify/sync';
import { sql, type SQL } from 'drizzle-orm';
import {
  QUEUE_COUNT_LIMIT,
  type QueueFilter,
  type QueueItem,
  type QueueResponse,
} from '@finportal/contracts/backoffice';
import { displayGroup, RAW_STATUSES } from '@finportal/contracts/statuses';
import { rowsOf, type Db } from '../../db/client.js';
import type { StaffUser } from '../../db/schema.js';

/** A queue row as the database answers it. */
export interface QueueRow {
  id: string;
  short_id: string;
  partner_id: string;
  company_name: string;
  loan_type: string;
  product_type: string;
  amount: string | number | null;
  currency: string;
  status: string;
  created_at: Date | string;
  submitted_at: Date | string | null;
  status_changed_at: Date | string;
  assignee_id: string | null;
  assignee_email: string | null;
  pricing_set_by: string | null;
  total?: string | number;
}

const iso = (v: Date | string) => new Date(v).toISOString();

export function queueItemOf(r: QueueRow): QueueItem {
  return {
    id: r.id,
    short_id: r.short_id,
    partner_id: r.partner_id,
    company_name: r.company_name,
    loan_type: r.loan_type,
    product_type: r.product_type,
    amount: r.amount === null ? null : Number(r.amount),
    currency: r.currency,
    status: r.status,
    display_group: displayGroup(r.status),
    created_at: iso(r.created_at),
    submitted_at: r.submitted_at ? iso(r.submitted_at) : null,
    status_since: iso(r.status_changed_at),
    assignee: r.assignee_id && r.assignee_email ? { id: r.assignee_id, email: r.assignee_email } : null,
  };
}

export const QUEUE_COLUMNS = sql.raw(`a.id, a.short_id, a.partner_id, a.company_name, a.loan_type,
  a.product_type, COALESCE(a.amount::numeric, a.factoring_limit) AS amount, a.currency, a.status, a.created_at,
  a.submitted_at, a.status_changed_at, a.assignee_id, s.email AS assignee_email, a.pricing_set_by`);

export const QUEUE_FROM = sql.raw(`applications a
  LEFT JOIN staff_users s ON s.id = a.assignee_id`);

/**
 * Each sort reads an index in its order (0021_queue_at_volume.sql, ADR 041): the key, its SQL
 * type (the cursor's value is cast back to it) and the direction, the id as the tie-breaker in the
 * same direction. An amount missing sorts as -1: first going up, last going down (amounts are
 * never negative), so that the key is never null and a row comparison pages through it.
 */
interface SortSpec {
  key: string;
  type: 'timestamptz' | 'numeric' | 'text';
  descending: boolean;
}
const AMOUNT_KEY = 'COALESCE(a.amount::numeric, a.factoring_limit, -1)';
const SORTS: Record<QueueFilter['sort'], SortSpec> = {
  created: { key: 'a.created_at', type: 'timestamptz', descending: false },
  '-created': { key: 'a.created_at', type: 'timestamptz', descending: true },
  status_since: { key: 'a.status_changed_at', type: 'timestamptz', descending: false },
  '-status_since': { key: 'a.status_changed_at', type: 'timestamptz', descending: true },
  amount: { key: AMOUNT_KEY, type: 'numeric', descending: false },
  '-amount': { key: AMOUNT_KEY, type: 'numeric', descending: true },
  company: { key: 'a.company_name', type: 'text', descending: false },
  '-company': { key: 'a.company_name', type: 'text', descending: true },
};

/** ORDER BY of a sort, or of its reverse (a page read backwards from a `before` cursor). */
function orderBy(spec: SortSpec, reverse = false): SQL {
  const dir = spec.descending !== reverse ? 'DESC' : 'ASC';
  return sql.raw(`${spec.key} ${dir}, a.id ${dir}`);
}

/** A position in one sort order: the sort, the row's key (as text) and its id. */
interface Cursor {
  sort: QueueFilter['sort'];
  key: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString('base64url');
}

/** The cursor of a query, when it is one of this sort's (an edited or stale one is not: offset paging). */
export function decodeCursor(value: string | undefined, sort: QueueFilter['sort']): Cursor | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 3) return null;
    const [s, key, id] = parsed as unknown[];
    if (s !== sort || typeof key !== 'string' || typeof id !== 'string' || !UUID.test(id)) return null;
    if (SORTS[sort].type !== 'text' && !/^[0-9 :.+\-T]{1,40}$/.test(key)) return null;
    return { sort, key, id };
  } catch {
    return null;
  }
}

/** Rows strictly after (or, `backwards`, before) the cursor in the sort's order. */
function beyond(spec: SortSpec, cursor: Cursor, backwards: boolean): SQL {
  const op = spec.descending !== backwards ? sql.raw('<') : sql.raw('>');
  return sql`(${sql.raw(spec.key)}, a.id) ${op} (${cursor.key}::${sql.raw(spec.type)}, ${cursor.id}::uuid)`;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);
/** A whole short id (eight characters of its alphabet): found by equality as well. */
const SHORT_ID = /^[A-Za-z2-7]{8}$/;

/** The WHERE of the queue: the staff member's partners, then the filters. */
export function queueWhere(staff: StaffUser, filter: QueueFilter): SQL {
  const conds: SQL[] = [];
  if (staff.kind !== 'bouser') conds.push(sql`a.partner_id = ${staff.partnerId}`);
  if (filter.partner) conds.push(sql`a.partner_id = ${filter.partner}`);
  if (filter.group) {
    const statuses = RAW_STATUSES.filter((s) => displayGroup(s) === filter.group);
    conds.push(
      sql`a.status IN (${sql.join(
        statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  }
  if (filter.status) conds.push(sql`a.status = ${filter.status}`);
  if (filter.product) conds.push(sql`(a.product_type = ${filter.product} OR a.loan_type = ${filter.product})`);
  if (filter.assignee === 'me') conds.push(sql`a.assignee_id = ${staff.id}`);
  else if (filter.assignee === 'none') conds.push(sql`a.assignee_id IS NULL`);
  else if (filter.assignee) {
    conds.push(UUID.test(filter.assignee) ? sql`a.assignee_id = ${filter.assignee}::uuid` : sql`false`);
  }
  if (filter.min_age_days !== undefined) {
    conds.push(sql`a.status_changed_at <= now() - make_interval(days => ${filter.min_age_days})`);
  }
  if (filter.q) {
    // Trigram indexes on both (0021): a fragment anywhere; a complete short id also by equality.
    const like = `%${likeEscape(filter.q)}%`;
    conds.push(
      SHORT_ID.test(filter.q)
        ? sql`(a.short_id = ${filter.q.toUpperCase()} OR a.company_name ILIKE ${like})`
        : sql`(a.company_name ILIKE ${like} OR a.short_id ILIKE ${like})`,
    );
  }
  return conds.length ? sql.join(conds, sql` AND `) : sql`true`;
}

interface PagedRow extends QueueRow {
  sort_key: string;
}

const cursorOf = (sort: QueueFilter['sort'], row: PagedRow) => encodeCursor({ sort, key: row.sort_key, id: row.id });

/**
 * How many cases match, counted up to one past QUEUE_COUNT_LIMIT: exact while small, "10,000+"
 * beyond (a count over a million rows is what made the queue slow; ADR 041).
 */
async function countUpTo(db: Db, statement: SQL): Promise<{ total: number; exact: boolean }> {
  const counted = rowsOf<{ n: string | number }>(await db.execute(statement));
  const n = Number(counted[0]?.n ?? 0);
  return n > QUEUE_COUNT_LIMIT ? { total: QUEUE_COUNT_LIMIT, exact: false } : { total: n, exact: true };
}

/**
 * The count's statement: one past the limit at most. In no particular order, so that the planner
 * reads whichever index finds matches fastest (a filter's own index, a trigram bitmap), or, where
 * most cases match, the table from its start until it has enough.
 */
export function countStatement(where: SQL): SQL {
  return sql`SELECT count(*) AS n FROM (
    SELECT 1 FROM applications a WHERE ${where} LIMIT ${QUEUE_COUNT_LIMIT + 1}) AS matching`;
}

/** The statements a queue answer runs (the plan test explains each). */
export function queueStatements(staff: StaffUser, filter: QueueFilter): { page: SQL; count: SQL } {
  return {
    page: pageStatement(staff, filter).statement,
    count: countStatement(queueWhere(staff, filter)),
  };
}

/** One page's statement: a page and one row more, from the cursor or at the offset. */
function pageStatement(staff: StaffUser, filter: QueueFilter) {
  const spec = SORTS[filter.sort];
  const after = decodeCursor(filter.after, filter.sort);
  const before = after ? null : decodeCursor(filter.before, filter.sort);
  const where = queueWhere(staff, filter);
  const conds = [where];
  if (after) conds.push(beyond(spec, after, false));
  if (before) conds.push(beyond(spec, before, true));
  const offset = after || before ? 0 : (filter.page - 1) * filter.page_size;
  const statement = sql`
    SELECT ${QUEUE_COLUMNS}, (${sql.raw(spec.key)})::text AS sort_key
    FROM ${QUEUE_FROM}
    WHERE ${sql.join(conds, sql` AND `)}
    ORDER BY ${orderBy(spec, Boolean(before))}
    LIMIT ${filter.page_size + 1} OFFSET ${offset}`;
  return { statement, where, spec, after, before, offset };
}

/**
 * GET /backoffice/applications: one page of the filtered, sorted queue and the total. A page
 * follows a cursor (keyset: any depth at the cost of one page) or, without one, an offset.
 */
export async function listQueue(db: Db, staff: StaffUser, filter: QueueFilter): Promise<QueueResponse> {
  const { statement, where, after, before, offset } = pageStatement(staff, filter);
  const fetched = rowsOf<PagedRow>(await db.execute(statement));
  // One row more than a page says whether there is more in the direction read.
  const more = fetched.length > filter.page_size;
  const rows = fetched.slice(0, filter.page_size);
  if (before) rows.reverse();
  const hasMore = before ? true : more;
  const hasPrevious = before ? more : Boolean(after) || offset > 0;
  // Page 1 that holds everything counts itself; otherwise the count (capped) is its own statement.
  const counted =
    !after && !before && offset === 0 && !more
      ? { total: rows.length, exact: true }
      : await countUpTo(db, countStatement(where));
  return {
    items: rows.map(queueItemOf),
    total: counted.total,
    total_exact: counted.exact,
    has_more: hasMore && rows.length > 0,
    next_cursor: hasMore && rows.length ? cursorOf(filter.sort, rows[rows.length - 1]!) : null,
    prev_cursor: hasPrevious && rows.length ? cursorOf(filter.sort, rows[0]!) : null,
  };
}

const CSV_COLUMNS = [
  'short_id',
  'partner',
  'company',
  'product_type',
  'loan_type',
  'amount',
  'currency',
  'status',
  'display_group',
  'created_at',
  'submitted_at',
  'status_since',
  'days_in_status',
  'assignee',
] as const;

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
const cell = (value: string | number | null): string | number => {
  if (value === null) return '';
  if (typeof value === 'number') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
};

/** Rows the export reads per statement (keyset: each batch costs the same at any depth). */
const CSV_BATCH = 1000;

/**
 * GET /backoffice/applications.csv: every row of the filtered, sorted queue as CSV for a
 * spreadsheet (UTF-8 with a byte-order mark, ISO dates, amounts as plain numbers), streamed in
 * batches that follow the sort's index: any number of rows at constant memory (ADR 041).
 */
export async function* queueCsv(db: Db, staff: StaffUser, filter: QueueFilter, now: Date): AsyncGenerator<string> {
  const spec = SORTS[filter.sort];
  const where = queueWhere(staff, filter);
  yield `\uFEFF${stringify([], { header: true, columns: [...CSV_COLUMNS], record_delimiter: '\r\n' })}`;
  let cursor: Cursor | null = null;
  for (;;) {
    const conds: SQL[] = cursor ? [where, beyond(spec, cursor, false)] : [where];
    const rows: PagedRow[] = rowsOf<PagedRow>(
      await db.execute(sql`
        SELECT ${QUEUE_COLUMNS}, (${sql.raw(spec.key)})::text AS sort_key
        FROM ${QUEUE_FROM}
        WHERE ${sql.join(conds, sql` AND `)}
        ORDER BY ${orderBy(spec)}
        LIMIT ${CSV_BATCH}`),
    );
    if (!rows.length) return;
    const records = rows.map((r) => {
      const item = queueItemOf(r);
      const days = Math.floor((now.getTime() - new Date(item.status_since).getTime()) / 86_400_000);
      return [
        item.short_id,
        item.partner_id,
        item.company_name,
        item.product_type,
        item.loan_type,
        item.amount,
        item.currency,
        item.status,
        item.display_group,
        item.created_at,
        item.submitted_at,
        item.status_since,
        days,
        item.assignee?.email ?? null,
      ].map(cell);
    });
    yield stringify(records, { record_delimiter: '\r\n' });
    if (rows.length < CSV_BATCH) return;
    const last: PagedRow = rows[rows.length - 1]!;
    cursor = { sort: filter.sort, key: last.sort_key, id: last.id };
  }
}

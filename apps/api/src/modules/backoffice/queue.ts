import { stringify } from 'csv-stringify/sync';
import { sql, type SQL } from 'drizzle-orm';
import type { QueueFilter, QueueItem, QueueResponse } from '@finportal/contracts/backoffice';
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

export const QUEUE_COLUMNS = sql.raw(`a.id, a.short_id, a.partner_id, c.name AS company_name, a.loan_type,
  a.product_type, COALESCE(a.amount::numeric, a.factoring_limit) AS amount, a.currency, a.status, a.created_at,
  a.submitted_at, a.status_changed_at, a.assignee_id, s.email AS assignee_email, a.pricing_set_by`);

export const QUEUE_FROM = sql.raw(`applications a
  JOIN companies c ON c.id = a.company_id
  LEFT JOIN staff_users s ON s.id = a.assignee_id`);

const ORDER: Record<QueueFilter['sort'], string> = {
  created: 'a.created_at ASC, a.id',
  '-created': 'a.created_at DESC, a.id',
  status_since: 'a.status_changed_at ASC, a.id',
  '-status_since': 'a.status_changed_at DESC, a.id',
  amount: 'amount ASC NULLS FIRST, a.id',
  '-amount': 'amount DESC NULLS LAST, a.id',
  company: 'c.name ASC, a.id',
  '-company': 'c.name DESC, a.id',
};

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

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
  else if (filter.assignee) conds.push(sql`a.assignee_id::text = ${filter.assignee}`);
  if (filter.min_age_days !== undefined) {
    conds.push(sql`a.status_changed_at <= now() - make_interval(days => ${filter.min_age_days})`);
  }
  if (filter.q) {
    const like = `%${likeEscape(filter.q)}%`;
    conds.push(sql`(c.name ILIKE ${like} OR a.short_id ILIKE ${like})`);
  }
  return conds.length ? sql.join(conds, sql` AND `) : sql`true`;
}

/** GET /backoffice/applications: one page of the filtered, sorted queue and the total. */
export async function listQueue(db: Db, staff: StaffUser, filter: QueueFilter): Promise<QueueResponse> {
  const offset = (filter.page - 1) * filter.page_size;
  const rows = rowsOf<QueueRow>(
    await db.execute(sql`
      SELECT ${QUEUE_COLUMNS}, count(*) OVER () AS total
      FROM ${QUEUE_FROM}
      WHERE ${queueWhere(staff, filter)}
      ORDER BY ${sql.raw(ORDER[filter.sort])}
      LIMIT ${filter.page_size} OFFSET ${offset}`),
  );
  let total = rows.length ? Number(rows[0]!.total) : 0;
  if (!rows.length && offset > 0) {
    // A page past the end: the total all the same, so that the pager can go back.
    const counted = rowsOf<{ n: string | number }>(
      await db.execute(sql`SELECT count(*) AS n FROM ${QUEUE_FROM} WHERE ${queueWhere(staff, filter)}`),
    );
    total = Number(counted[0]?.n ?? 0);
  }
  return { items: rows.map(queueItemOf), total };
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

/**
 * GET /backoffice/applications.csv: every row of the filtered, sorted queue (at most `max`), as
 * CSV for a spreadsheet: UTF-8 with a byte-order mark, ISO dates, amounts as plain numbers.
 */
export async function queueCsv(db: Db, staff: StaffUser, filter: QueueFilter, max: number, now: Date): Promise<string> {
  const rows = rowsOf<QueueRow>(
    await db.execute(sql`
      SELECT ${QUEUE_COLUMNS}
      FROM ${QUEUE_FROM}
      WHERE ${queueWhere(staff, filter)}
      ORDER BY ${sql.raw(ORDER[filter.sort])}
      LIMIT ${max}`),
  );
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
  return `\uFEFF${stringify(records, { header: true, columns: [...CSV_COLUMNS], record_delimiter: '\r\n' })}`;
}

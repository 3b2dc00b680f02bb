import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { QUEUE_SORTS, queueQuery, type QueueQuery } from '@finportal/contracts/backoffice';
import { volumeSeedStatements } from '@finportal/testing/volume';
import { rowsOf } from '../../db/client.js';
import { staffUsers, type StaffUser } from '../../db/schema.js';
import { newStaff } from '../../test/backoffice.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { encodeCursor, queueStatements } from './queue.js';

/**
 * Every statement of the queue, on 100,000 seeded applications (issue 28, ADR 041), reads an
 * index: no plan scans the applications table from end to end. Here rather than in the API suite
 * because seeding 100,000 cases takes a while; the scale-out run is on PostgreSQL, as a bank's
 * deployment is.
 */
const VOLUME = 100_000;
let t: TestApp;
let platform: StaffUser;
let partnerStaff: StaffUser;

const staffRow = async (id: string) => (await t.ctx.db.select().from(staffUsers).where(eq(staffUsers.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  const assignees: string[] = [];
  for (let i = 0; i < 4; i += 1) assignees.push((await newStaff(t, { kind: 'bouser' })).id);
  await t.database.withConnection(async (conn) => {
    for (const statement of volumeSeedStatements({ applications: VOLUME, tag: 'plans', assignees })) {
      await conn.exec(statement);
    }
  });
  platform = await staffRow(assignees[0]!);
  partnerStaff = await staffRow((await newStaff(t, { kind: 'puser', partner: 'demo', role: 'role_partner_user' })).id);
});
afterAll(() => t?.close());

interface PlanNode {
  'Node Type': string;
  /** The rows the planner expects the node to give (under a Limit: at most the limit). */
  'Plan Rows'?: number;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of a plan, depth first, each with its parent's type. */
const nodesOf = (node: PlanNode, parent = ''): (PlanNode & { parent: string })[] => [
  { ...node, parent },
  ...(node.Plans ?? []).flatMap((child) => nodesOf(child, node['Node Type'])),
];

async function planOf(statement: ReturnType<typeof sql>): Promise<(PlanNode & { parent: string })[]> {
  const rows = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
    await t.ctx.db.execute(sql`EXPLAIN (FORMAT JSON) ${statement}`),
  );
  const raw = rows[0]!['QUERY PLAN'];
  const plan = typeof raw === 'string' ? (JSON.parse(raw) as [{ Plan: PlanNode }]) : raw;
  return nodesOf(plan[0].Plan);
}

const cursorAt = (sort: QueueQuery['sort']) =>
  encodeCursor({
    sort: sort!,
    key: sort!.includes('amount') ? '250000' : sort!.includes('company') ? 'Nord Holz' : '2024-06-01 12:00:00+00',
    id: '80000000-0000-4000-8000-000000000000',
  });

const FILTERS: QueueQuery[] = [
  {},
  { group: 'in_review' },
  { status: 'Signature' },
  { assignee: 'none' },
  { min_age_days: 30 },
  { partner: 'demo' },
  { q: 'Bau Holz' },
  { q: 'KQZ' },
  { page: 500 },
];

describe('the queue at 100,000 applications', () => {
  it('reads an index for every sort, filter and page, for platform staff and a partner’s', async () => {
    const scans: string[] = [];
    let explained = 0;
    for (const [who, staff] of [
      ['platform', platform],
      ['partner', partnerStaff],
    ] as const) {
      for (const sort of QUEUE_SORTS) {
        for (const extra of [...FILTERS, { after: cursorAt(sort) }, { before: cursorAt(sort) }]) {
          const filter = queueQuery.parse({ sort, ...extra });
          const { page, count } = queueStatements(staff, filter);
          for (const [name, statement] of [
            ['page', page],
            ['count', count],
          ] as const) {
            const nodes = await planOf(statement);
            explained += 1;
            // A page reads an index, always. The count stops at 10,001 matches: where the planner
            // expects most cases to match, reading the table from its start under that Limit is
            // the cheapest way there (it stops early); anywhere else, it reads an index too.
            const seq = nodes.filter(
              (n) =>
                n['Node Type'] === 'Seq Scan' &&
                n['Relation Name'] === 'applications' &&
                !(name === 'count' && n.parent === 'Limit' && n['Plan Rows'] !== undefined && n['Plan Rows'] > 10_000),
            );
            if (seq.length) scans.push(`${who} ${name} sort=${sort} ${JSON.stringify(extra)}`);
          }
        }
      }
    }
    expect(explained).toBe(2 * QUEUE_SORTS.length * (FILTERS.length + 2) * 2);
    expect(scans).toEqual([]);
  });

  it('finds a whole short id by its unique index', async () => {
    const [one] = await t.sql<{ short_id: string }>('SELECT short_id FROM applications ORDER BY id LIMIT 1');
    const filter = queueQuery.parse({ q: one!.short_id });
    const nodes = await planOf(queueStatements(platform, filter).page);
    expect(nodes.some((n) => JSON.stringify(n).includes('applications_short_id_key'))).toBe(true);
  });
});

import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.js';
import { auditLog } from '../db/schema.js';

/**
 * The audit trail (issue 13, ADR 019). Every write by anyone (a borrower or representative, staff,
 * a job) is an entry: who, when, what, about which application, before and after. IBANs, tax ids
 * and birth dates are masked before they are stored (`maskSensitive`).
 *
 * Entries are chained by hash: `sealAudit` numbers the entries not yet sealed (seq, without gaps),
 * and stores for each the hash of its content and of the previous entry's hash; the last one is
 * kept in audit_chain_head. `verifyAuditChain` recomputes the chain: an edited entry breaks its
 * hash, a removed one leaves a gap in seq (or the head pointing past the end). Sealing runs apart
 * from the writer's transaction (a recurring job, and before the trail is read or verified), so a
 * write never waits on the chain's lock.
 */
export interface AuditEntry {
  partnerId?: string | null;
  /** The actor's id: a borrower (users) or, with actorKind 'staff', a staff member. */
  userId?: string | null;
  /** Default: 'user' with a userId, else 'system'. */
  actorKind?: 'user' | 'staff' | 'system';
  action: string;
  entity?: string;
  entityId?: string;
  /** The application the entry is about; default: data.application_id, or entityId of an 'application'. */
  applicationId?: string | null;
  data?: Record<string, unknown>;
  /** The values before and after the write; default: data.before and data.after. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  ip?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const IBAN_KEY = /(^|_)iban$/i;
const TAX_KEY = /(^|_)(tax_?id|tin)(_|$)|taxid|tax_number|taxnumber/i;
const BIRTH_KEY = /birth/i;

/** A value with only its last characters shown: `DE89…3000` keeps 4, tax ids keep 2. */
function maskTail(value: string, keep: number): string {
  const compact = value.replace(/\s+/g, '');
  if (compact.length <= keep) return '*'.repeat(compact.length);
  return `${'*'.repeat(Math.max(3, compact.length - keep))}${compact.slice(-keep)}`;
}

/**
 * A copy of `value` with IBANs (last 4 kept), tax ids (last 2 kept) and birth dates (year only)
 * masked, by key name, at any depth.
 */
export function maskSensitive(value: unknown, key = ''): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.map((v) => maskSensitive(v, key));
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, maskSensitive(v, k)]),
    );
  }
  if (typeof value !== 'string' || value === '') return value;
  if (IBAN_KEY.test(key)) return maskTail(value, 4);
  if (TAX_KEY.test(key)) return maskTail(value, 2);
  if (BIRTH_KEY.test(key)) return /^\d{4}/.test(value) ? `${value.slice(0, 4)}-**-**` : '****';
  return value;
}

const asRecord = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** Writes one entry (unsealed; see the module comment). Never put secrets into `data`. */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  const data = entry.data ?? null;
  const fromData = typeof data?.application_id === 'string' ? data.application_id : undefined;
  const applicationId =
    entry.applicationId ?? fromData ?? (entry.entity === 'application' ? entry.entityId : undefined) ?? null;
  const before = entry.before !== undefined ? entry.before : asRecord(data?.before);
  const after = entry.after !== undefined ? entry.after : asRecord(data?.after);
  await db.insert(auditLog).values({
    partnerId: entry.partnerId ?? null,
    userId: entry.userId ?? null,
    actorKind: entry.actorKind ?? (entry.userId ? 'user' : 'system'),
    action: entry.action,
    entity: entry.entity ?? null,
    entityId: entry.entityId ?? null,
    applicationId: applicationId && UUID.test(applicationId) ? applicationId : null,
    data: data ? maskSensitive(data) : null,
    before: before ? maskSensitive(before) : null,
    after: after ? maskSensitive(after) : null,
    ip: entry.ip ?? null,
  });
}

/** The columns a hash covers, as text that both drivers and every session setting give alike. */
const CONTENT = sql.raw(`id, seq, prev_hash, hash, partner_id, user_id::text AS user_id, actor_kind, action, entity,
  entity_id, application_id::text AS application_id, data::text AS data, before::text AS before,
  after::text AS after, ip, (extract(epoch FROM created_at) * 1000000)::bigint::text AS created_us`);

interface ContentRow {
  id: number | string;
  seq: number | string | null;
  prev_hash: string | null;
  hash: string | null;
  partner_id: string | null;
  user_id: string | null;
  actor_kind: string | null;
  action: string;
  entity: string | null;
  entity_id: string | null;
  application_id: string | null;
  data: string | null;
  before: string | null;
  after: string | null;
  ip: string | null;
  created_us: string;
}

/** The chain's first previous hash. */
export const GENESIS = '0'.repeat(64);

export function entryHash(row: ContentRow, seq: number, prevHash: string): string {
  const fields = [
    String(seq),
    prevHash,
    row.partner_id,
    row.user_id,
    row.actor_kind,
    row.action,
    row.entity,
    row.entity_id,
    row.application_id,
    row.data,
    row.before,
    row.after,
    row.ip,
    row.created_us,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/** The lock that keeps two sealers from numbering the same entries. */
const SEAL_LOCK = 727275;

/**
 * Seals the entries written since the last seal, oldest first (at most `batch` per call), and
 * answers how many. Runs in its own transaction under an advisory lock: any instance may call it.
 */
export async function sealAudit(db: Db, batch = 5000): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEAL_LOCK})`);
    const pending = rowsOf<ContentRow>(
      await tx.execute(sql`SELECT ${CONTENT} FROM audit_log WHERE seq IS NULL ORDER BY id LIMIT ${batch}`),
    );
    if (!pending.length) return 0;
    const head = rowsOf<{ seq: number | string; hash: string }>(
      await tx.execute(sql`SELECT seq, hash FROM audit_chain_head WHERE id = 1`),
    )[0];
    let seq = head ? Number(head.seq) : 0;
    let prev = head?.hash ?? GENESIS;
    for (const row of pending) {
      seq += 1;
      const hash = entryHash(row, seq, prev);
      await tx.execute(
        sql`UPDATE audit_log SET seq = ${seq}, prev_hash = ${prev}, hash = ${hash} WHERE id = ${row.id}`,
      );
      prev = hash;
    }
    await tx.execute(sql`
      INSERT INTO audit_chain_head (id, seq, hash) VALUES (1, ${seq}, ${prev})
      ON CONFLICT (id) DO UPDATE SET seq = EXCLUDED.seq, hash = EXCLUDED.hash`);
    return pending.length;
  });
}

export interface AuditVerification {
  ok: boolean;
  /** Sealed entries checked. */
  checked: number;
  /** Entries written but not sealed yet (not covered by the chain). */
  unsealed: number;
  problems: string[];
}

/**
 * Recomputes the whole chain: every entry's hash, the link to the previous one, seq without gaps
 * from 1, and the head (the last entry). Reads in pages, so a long trail needs little memory.
 */
export async function verifyAuditChain(db: Db, pageSize = 5000): Promise<AuditVerification> {
  const problems: string[] = [];
  let expectedSeq = 1;
  let prev = GENESIS;
  let checked = 0;
  for (;;) {
    const rows = rowsOf<ContentRow>(
      await db.execute(
        sql`SELECT ${CONTENT} FROM audit_log WHERE seq >= ${expectedSeq} ORDER BY seq LIMIT ${pageSize}`,
      ),
    );
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq !== expectedSeq) {
        problems.push(`entries ${expectedSeq} to ${seq - 1} of the chain are missing (removed)`);
        prev = row.prev_hash ?? prev;
      }
      if (row.prev_hash !== prev) problems.push(`entry ${seq} (id ${row.id}) does not follow the entry before it`);
      if (entryHash(row, seq, row.prev_hash ?? '') !== row.hash) {
        problems.push(`entry ${seq} (id ${row.id}) was changed after it was written`);
      }
      prev = row.hash ?? '';
      expectedSeq = seq + 1;
      checked += 1;
    }
    if (rows.length < pageSize) break;
  }
  const head = rowsOf<{ seq: number | string; hash: string }>(
    await db.execute(sql`SELECT seq, hash FROM audit_chain_head WHERE id = 1`),
  )[0];
  const last = expectedSeq - 1;
  if (head && Number(head.seq) !== last) {
    problems.push(`the chain ends at entry ${last}, but ${Number(head.seq)} entries were sealed (the newest removed)`);
  } else if (head && head.hash !== prev) {
    problems.push(`the last entry (${last}) is not the one that was sealed last`);
  } else if (!head && last > 0) {
    problems.push('the chain head is missing');
  }
  const unsealed = Number(
    rowsOf<{ n: number | string }>(await db.execute(sql`SELECT count(*) AS n FROM audit_log WHERE seq IS NULL`))[0]
      ?.n ?? 0,
  );
  return { ok: problems.length === 0, checked, unsealed, problems };
}

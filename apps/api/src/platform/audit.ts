import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema.js';

export interface AuditEntry {
  partnerId?: string | null;
  userId?: string | null;
  action: string;
  entity?: string;
  entityId?: string;
  data?: Record<string, unknown>;
  ip?: string;
}

/** Every state change is written here. Never put secrets, IBANs or tax ids into `data`. */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    partnerId: entry.partnerId ?? null,
    userId: entry.userId ?? null,
    action: entry.action,
    entity: entry.entity ?? null,
    entityId: entry.entityId ?? null,
    data: entry.data ?? null,
    ip: entry.ip ?? null,
  });
}

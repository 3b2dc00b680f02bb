import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { documents } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { jobHandler, jobType } from '../../platform/jobs/queue.js';
import { emitWebhook } from '../../platform/webhooks.js';
import { reopenRequestsFulfilledBy } from '../data-requests/public.js';
import type { VirusScanner } from '../../platform/virus-scanner.js';

/**
 * After upload_success (issue 11): the file is scanned by clamd. scanning → not_infected |
 * infected (the file is removed from the store and never handed out) | scan_failed (too large for
 * clamd, or every attempt failed: clamd down). Attempts back off up to 15 minutes; the status stays
 * `scanning` meanwhile.
 */
export const DOCUMENT_SCAN = jobType('documents.scan', z.object({ document_id: z.string().uuid() }), {
  maxAttempts: 8,
});

type DocumentRow = typeof documents.$inferSelect;

/** What follows a clean verdict in the same transaction (the workflow's signature reset, ADR 021). */
export type CleanFileFollower = (tx: Db, file: DocumentRow) => Promise<void>;

export function documentScanHandler(
  ctx: Pick<AppContext, 'objectStore'>,
  scanner: VirusScanner,
  onClean: CleanFileFollower = async () => {},
) {
  // The scan's result, and the partner's webhook event of it (issue 13), at once.
  const setStatus = async (db: Db, id: string, status: 'not_infected' | 'infected' | 'scan_failed') =>
    db.transaction(async (tx) => {
      const rows = await tx
        .update(documents)
        .set({ virusScanStatus: status })
        .where(and(eq(documents.id, id), eq(documents.virusScanStatus, 'scanning')))
        .returning();
      const row = rows[0];
      // A file that fulfilled a request but does not count (infected, unscannable): the request is open again.
      if (row && status !== 'not_infected') await reopenRequestsFulfilledBy(tx, [row.id]);
      if (row && status === 'not_infected') await onClean(tx, row);
      if (row) {
        await emitWebhook(tx, row.partnerId, 'document.scanned', {
          application_id: row.applicationId,
          document_id: row.id,
          document_type: row.documentType,
          virus_scan_status: status,
        });
      }
      return rows;
    });

  return jobHandler({
    type: DOCUMENT_SCAN,
    transactional: false,
    async run({ document_id }, db) {
      const [row] = await db.select().from(documents).where(eq(documents.id, document_id));
      if (!row || row.virusScanStatus !== 'scanning' || row.deletedAt || !row.storageKey) return;
      const verdict = await scanner.scan(await ctx.objectStore.read(row.storageKey));
      if (verdict.result === 'clean') {
        await setStatus(db, row.id, 'not_infected');
        return;
      }
      if (verdict.result === 'too_large') {
        await setStatus(db, row.id, 'scan_failed');
        return;
      }
      const [infected] = await setStatus(db, row.id, 'infected');
      if (!infected) return;
      await ctx.objectStore.remove(row.storageKey);
      await audit(db, {
        partnerId: row.partnerId,
        action: 'document.infected',
        entity: 'document',
        entityId: row.id,
        data: { application_id: row.applicationId, signature: verdict.signature },
      });
    },
    async onDead({ document_id }, db) {
      await setStatus(db, document_id, 'scan_failed');
    },
  });
}

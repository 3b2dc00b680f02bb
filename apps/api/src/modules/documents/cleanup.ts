import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { documentDownloads, documents } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { jobHandler, jobType } from '../../platform/jobs/queue.js';

/** Scheduled (issue 11): uploads that never got upload_success, and expired download URLs. */
export const DOCUMENTS_CLEANUP = jobType(
  'documents.cleanup',
  z.object({}).strict() as z.ZodType<Record<string, never>>,
  { maxAttempts: 3 },
);

/** How long an announced upload may wait for its upload_success. */
export const STALE_UPLOAD_HOURS = 24;

/**
 * Marks uploads announced more than a day ago that never got upload_success as failed and removes
 * their stored bytes (a file whose PUT arrived but was never confirmed is not kept), and deletes
 * expired download URLs. At least once: removing a missing object is no error.
 */
export function documentsCleanupHandler(ctx: Pick<AppContext, 'objectStore'>) {
  return jobHandler({
    type: DOCUMENTS_CLEANUP,
    transactional: false,
    async run(_payload, db) {
      const stale = await db
        .update(documents)
        .set({ uploadStatus: 'failed', uploadTokenHash: null })
        .where(
          and(
            eq(documents.uploadStatus, 'pending'),
            isNull(documents.deletedAt),
            lt(documents.createdAt, sql`now() - make_interval(hours => ${STALE_UPLOAD_HOURS})`),
          ),
        )
        .returning({ storageKey: documents.storageKey });
      for (const { storageKey } of stale) if (storageKey) await ctx.objectStore.remove(storageKey);
      // Bytes of uploads cut off mid-way (the process was killed): never a document, gone after a day too.
      await ctx.objectStore.sweepPartials?.(new Date(Date.now() - STALE_UPLOAD_HOURS * 3_600_000));
      await db.delete(documentDownloads).where(lt(documentDownloads.expiresAt, sql`now()`));
    },
  });
}

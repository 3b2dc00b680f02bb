import { and, eq, isNull } from 'drizzle-orm';
import { canChangeClientVisibility } from '@finportal/contracts/document-rules';
import { documents } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import type { SessionUser } from '../../platform/session.js';
import type { Partner } from '../../platform/tenancy.js';
import type { AppContext } from '../../platform/context.js';
import type { ApplicationsService } from '../applications/public.js';

/**
 * PATCH {entity}/documents/{id} (is_client_visible): the back office's call. A borrower or
 * signatory of the application gets 403 (after the 404 of anyone else); the document must exist
 * on the application. The back-office issue adds its own session and screen.
 */
export async function changeVisibility(
  ctx: AppContext,
  applicationsService: ApplicationsService,
  partner: Partner,
  user: SessionUser,
  id: string,
  documentId: string,
): Promise<never> {
  const access = await applicationsService.access(partner, user, id);
  const [row] = /^[0-9a-f-]{36}$/i.test(documentId)
    ? await ctx.db
        .select({ id: documents.id })
        .from(documents)
        .where(
          and(
            eq(documents.id, documentId),
            eq(documents.applicationId, access.record.id),
            eq(documents.isClientVisible, true),
            isNull(documents.deletedAt),
          ),
        )
    : [];
  if (!row) throw new AppError('err_entity_not_found', 404);
  if (!canChangeClientVisibility(access.role)) throw new AppError('err_no_permission', 403);
  throw new AppError('err_no_permission', 403);
}

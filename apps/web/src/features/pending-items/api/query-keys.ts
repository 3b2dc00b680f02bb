import { applicationKeys } from '../../applications/api/query-keys';

/**
 * Query keys of the pending-items feature. The pending items belong to an application: their key
 * is the application's `nextStatus`, which `applicationSaved` refetches after every write.
 */
export const pendingItemsKeys = {
  nextStatus: (applicationId: string) => applicationKeys.nextStatus(applicationId),
};

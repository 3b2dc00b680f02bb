import type { AuditEntry, AuditResponse } from '@finportal/contracts/backoffice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { backofficeKeys } from './query-keys';
import { staffCall } from './staff-session';

/** GET /backoffice/audit?application_id=: the case's audit trail, newest first (values masked by the API). */
export async function fetchAuditTrail(applicationId: string, signal?: AbortSignal): Promise<AuditEntry[]> {
  const body = await staffCall(() =>
    http.get<AuditResponse>('/backoffice/audit', { query: { application_id: applicationId }, signal, silent: true }),
  );
  return body.entries;
}

export const auditTrailQuery = (applicationId: string) =>
  queryOptions({
    queryKey: backofficeKeys.audit(applicationId),
    queryFn: ({ signal }) => fetchAuditTrail(applicationId, signal),
  });

/** The audit trail, loaded when its tab opens (needs the permission audit.read). */
export function useAuditTrail(applicationId: string) {
  return useQuery(auditTrailQuery(applicationId));
}

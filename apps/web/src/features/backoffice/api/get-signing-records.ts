import type { SigningRecord, SigningRecordsResponse } from '@finportal/contracts/signatures';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { casePath } from './get-case';
import { backofficeKeys } from './query-keys';
import { staffCall } from './staff-session';

/** Under the case's key: whatever refetches the case refetches its signing records too. */
export const signingRecordsKey = (applicationId: string) =>
  [...backofficeKeys.case(applicationId), 'signing_records'] as const;

/**
 * GET /backoffice/applications/{id}/signing_records: who signed which document, when, from which
 * IP, through which provider, with the SHA-256 before and after. Silent: the section shows its error.
 */
export async function fetchSigningRecords(applicationId: string, signal?: AbortSignal): Promise<SigningRecord[]> {
  const body = await staffCall(() =>
    http.get<SigningRecordsResponse>(`${casePath(applicationId)}/signing_records`, { signal, silent: true }),
  );
  return body.records;
}

export const signingRecordsQuery = (applicationId: string) =>
  queryOptions({
    queryKey: signingRecordsKey(applicationId),
    queryFn: ({ signal }) => fetchSigningRecords(applicationId, signal),
  });

/** The case's signing records, loaded when the Documents tab opens. */
export function useSigningRecords(applicationId: string) {
  return useQuery(signingRecordsQuery(applicationId));
}

import type { CaseDetail, CaseResponse } from '@finportal/contracts/backoffice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { backofficeKeys } from './query-keys';
import { staffCall } from './staff-session';

export const casePath = (id: string) => `/backoffice/applications/${encodeURIComponent(id)}`;

/** GET /backoffice/applications/{id}. Silent: the case page shows not found (404) or its error state. */
export async function fetchCase(id: string, signal?: AbortSignal): Promise<CaseDetail> {
  const body = await staffCall(() => http.get<CaseResponse>(casePath(id), { signal, silent: true }));
  return body.case;
}

export const caseQuery = (id: string) =>
  queryOptions({ queryKey: backofficeKeys.case(id), queryFn: ({ signal }) => fetchCase(id, signal) });

/** A case: everything the borrower entered and its workflow. */
export function useCase(id: string) {
  return useQuery(caseQuery(id));
}

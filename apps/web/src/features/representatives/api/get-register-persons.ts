import type { RegisterPersonsResponse } from '@finportal/contracts/representative-register';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { representativeKeys } from './query-keys';

/**
 * GET /user/applications/{id}/register_persons: the people the company register knows for the
 * company (none when the company is not from a register). Silent: the offer to add from the
 * register is an extra; when it fails to load, it is simply not offered.
 */
export async function fetchRegisterPersons(
  applicationId: string,
  signal?: AbortSignal,
): Promise<RegisterPersonsResponse> {
  return http.get<RegisterPersonsResponse>(`/user/applications/${encodeURIComponent(applicationId)}/register_persons`, {
    signal,
    silent: true,
  });
}

export const registerPersonsQuery = (applicationId: string) =>
  queryOptions({
    queryKey: representativeKeys.register(applicationId),
    queryFn: ({ signal }) => fetchRegisterPersons(applicationId, signal),
  });

/** The register's people of the application's company; `enabled` false while adding is not allowed. */
export function useRegisterPersons(applicationId: string, enabled = true) {
  return useQuery({ ...registerPersonsQuery(applicationId), enabled });
}

import type { ConsoleVersion, VersionsResponse } from '@finportal/contracts/partner-console';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { consoleKeys, consolePath } from './console-query-keys';
import { staffCall } from './staff-session';

/** GET /backoffice/partners/{key}/versions: every published version, newest first. */
export async function fetchConsoleVersions(key: string, signal?: AbortSignal): Promise<ConsoleVersion[]> {
  const body = await staffCall(() =>
    http.get<VersionsResponse>(`${consolePath(key)}/versions`, { signal, silent: true }),
  );
  return body.versions;
}

export const consoleVersionsQuery = (key: string) =>
  queryOptions({ queryKey: consoleKeys.versions(key), queryFn: ({ signal }) => fetchConsoleVersions(key, signal) });

/** The published versions of the partner's portal. */
export function useConsoleVersions(key: string) {
  return useQuery(consoleVersionsQuery(key));
}

import type { DocumentsResponse } from '@finportal/contracts/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { documentKeys } from './query-keys';

export const documentsPath = (applicationId: string) =>
  `/user/applications/${encodeURIComponent(applicationId)}/documents`;

/** GET /user/applications/{id}/documents (page size 999, spec 2 section 9). */
export const documentsQuery = (applicationId: string) =>
  queryOptions({
    queryKey: documentKeys.list(applicationId),
    queryFn: ({ signal }) =>
      http.get<DocumentsResponse>(documentsPath(applicationId), { query: { page_size: 999 }, signal, silent: true }),
  });

/**
 * The application's documents; while a file is being checked for viruses the list is read again
 * every 3 seconds (until no file is scanning). A failed load goes to the content error boundary.
 */
export function useDocuments(applicationId: string) {
  return useQuery({
    ...documentsQuery(applicationId),
    throwOnError: true,
    refetchInterval: (query) =>
      query.state.data?.result.some((d) => d.upload_status === 'success' && d.virus_scan_status === 'scanning')
        ? 3000
        : false,
  });
}

import type { ApplicationListItem, ApplicationsListResponse } from '@finportal/contracts/applications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, isApiError, showErrorToast } from '../../../lib/http';
import { i18n } from '../../../lib/i18n';
import { applicationKeys } from './query-keys';

/**
 * GET /user/applications (newest first). A failure shows 'error fetching applications' instead of
 * the server's message (spec 1 section 8); the list page then shows the error boundary.
 */
export async function fetchApplications(signal?: AbortSignal): Promise<ApplicationListItem[]> {
  try {
    const body = await http.get<ApplicationsListResponse>('/user/applications', { signal, silent: true });
    return body.applications;
  } catch (error) {
    const quiet =
      isApiError(error) &&
      (error.kind === 'aborted' || error.status === 401 || error.code === 'err_email_not_confirmed');
    if (!quiet) showErrorToast(i18n.t('dashboard:applications.error_fetching_applications'));
    throw error;
  }
}

export const applicationsQuery = () =>
  queryOptions({ queryKey: applicationKeys.list(), queryFn: ({ signal }) => fetchApplications(signal) });

/** The applications list; a failed load is thrown to the content error boundary. */
export function useApplications(options: { enabled?: boolean } = {}) {
  return useQuery({ ...applicationsQuery(), enabled: options.enabled ?? true, throwOnError: true });
}

import type { Application, ApplicationResponse, UpdateStatusRequest } from '@finportal/contracts/applications';
import { http } from '../../../lib/http';

/**
 * PATCH /user/applications/{id}/status with the status named by next_status_validate.
 * Silent: the caller shows 'Something went wrong' (409 err_status_change_not_allowed or
 * err_application_not_ready).
 */
export async function updateApplicationStatus(id: string, body: UpdateStatusRequest): Promise<Application> {
  const res = await http.patch<ApplicationResponse>(`/user/applications/${encodeURIComponent(id)}/status`, body, {
    silent: true,
  });
  return res.application;
}

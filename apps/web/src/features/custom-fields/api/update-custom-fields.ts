import type { Application, ApplicationResponse, UpdateCustomFieldsRequest } from '@finportal/contracts/applications';
import { http } from '../../../lib/http';

/**
 * PATCH /user/applications/{id}/custom_field_list with converted values (dates YYYY-MM-DD,
 * percent as decimal, years as months; null removes a value). Silent: the modal puts field errors
 * (`custom_fields.<field_id>`) on its fields and toasts the rest.
 */
export async function updateCustomFields(id: string, body: UpdateCustomFieldsRequest): Promise<Application> {
  const res = await http.patch<ApplicationResponse>(
    `/user/applications/${encodeURIComponent(id)}/custom_field_list`,
    body,
    { silent: true },
  );
  return res.application;
}

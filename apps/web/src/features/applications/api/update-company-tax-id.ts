import type { Application, ApplicationResponse, UpdateCompanyTaxIdRequest } from '@finportal/contracts/applications';
import { http } from '../../../lib/http';

/**
 * PATCH /user/applications/{id} with the company tax number. Silent: the modal puts field errors
 * (err_invalid_tax_number, err_tax_ids_must_differ on taxIdNumber) on the field and toasts the rest.
 */
export async function updateCompanyTaxId(id: string, body: UpdateCompanyTaxIdRequest): Promise<Application> {
  const res = await http.patch<ApplicationResponse>(`/user/applications/${encodeURIComponent(id)}`, body, {
    silent: true,
  });
  return res.application;
}

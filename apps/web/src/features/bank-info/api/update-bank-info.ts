import type { Application, ApplicationResponse } from '@finportal/contracts/applications';
import type { z } from 'zod';
import type { updateBankInfoRequest } from '@finportal/contracts/bank-info';
import { http } from '../../../lib/http';

/** The parsed request: bank name trimmed, IBAN without spaces in capitals. */
export type BankInfoBody = z.output<typeof updateBankInfoRequest>;

/**
 * PATCH /user/applications/{id}/bankinfo. Silent: the modal puts field errors (err_required,
 * err_too_long, err_invalid_iban on bankName / iban) on its fields and toasts the rest.
 */
export async function updateBankInfo(id: string, body: BankInfoBody): Promise<Application> {
  const res = await http.patch<ApplicationResponse>(`/user/applications/${encodeURIComponent(id)}/bankinfo`, body, {
    silent: true,
  });
  return res.application;
}

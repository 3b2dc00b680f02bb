import type {
  CreateDebitorRequest,
  Debitor,
  NewCompanyRequest,
  NewCompanyResponse,
  UpdateDebitorRequest,
} from '@finportal/contracts/debitors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, isApiError, showSuccessToast } from '../../../lib/http';
import { debitorsPath } from './get-debitors';
import { debitorsChanged } from './query-keys';

const companiesPath = (applicationId: string) => `/user/applications/${encodeURIComponent(applicationId)}/companies`;
export const debitorPath = (applicationId: string, debitorId: string) =>
  `${debitorsPath(applicationId)}/${encodeURIComponent(debitorId)}`;

/** POST /user/applications/{id}/companies (201): a company for a debtor. Silent: the form reports. */
export function createCompany(applicationId: string, body: NewCompanyRequest): Promise<NewCompanyResponse> {
  return http.post<NewCompanyResponse>(companiesPath(applicationId), body, { silent: true });
}

/** The company id a 409 `err_company_exists` names (the known company that is the same one), or null. */
export function existingCompanyId(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const id = error.errors.find((e) => e.code === 'err_company_exists')?.values?.company_id;
  return typeof id === 'string' ? id : null;
}

/** The debtor's company: one of ours (its id), or one to create first. */
export type DebitorCompany =
  | { kind: 'id'; company_id: string }
  | {
      kind: 'create';
      body: NewCompanyRequest;
      /** A provider's company (a search hit) that we already know is that one: take it. */
      reuseExisting: boolean;
      /** The company was created (a retry after a failed debtor call adds it by its id). */
      onCreated?: (companyId: string) => void;
    };

export interface AddDebitor {
  company: DebitorCompany;
  debitor: Omit<CreateDebitorRequest, 'company_id'>;
}

/** POST .../companies when the company is new, then POST .../factoring/debitors (201). */
export async function addDebitor(applicationId: string, { company, debitor }: AddDebitor): Promise<Debitor> {
  let companyId: string;
  if (company.kind === 'id') companyId = company.company_id;
  else {
    try {
      companyId = (await createCompany(applicationId, company.body)).company_id;
      company.onCreated?.(companyId);
    } catch (error) {
      const known = company.reuseExisting ? existingCompanyId(error) : null;
      if (!known) throw error;
      companyId = known;
    }
  }
  return http.post<Debitor>(debitorsPath(applicationId), { ...debitor, company_id: companyId }, { silent: true });
}

/** PATCH .../factoring/debitors/{debitorId}: annual sales and currency. */
export function updateDebitor(applicationId: string, debitorId: string, body: UpdateDebitorRequest): Promise<Debitor> {
  return http.patch<Debitor>(debitorPath(applicationId, debitorId), body, { silent: true });
}

/** Adding a debtor. Success: the toast, `onSaved` (the modal closes), then the refetches. Errors are the form's. */
export function useAddDebitor(applicationId: string, { onSaved }: { onSaved?: () => void } = {}) {
  const { t } = useTranslation(['factoring']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (add: AddDebitor) => addDebitor(applicationId, add),
    onSuccess: async () => {
      showSuccessToast(t('factoring:toast.debitor_added'));
      onSaved?.();
      await debitorsChanged(queryClient, applicationId);
    },
  });
}

/** Changing a debtor's annual sales and currency. */
export function useUpdateDebitor(applicationId: string, { onSaved }: { onSaved?: () => void } = {}) {
  const { t } = useTranslation(['factoring']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ debitorId, body }: { debitorId: string; body: UpdateDebitorRequest }) =>
      updateDebitor(applicationId, debitorId, body),
    onSuccess: async () => {
      showSuccessToast(t('factoring:toast.debitor_updated'));
      onSaved?.();
      await debitorsChanged(queryClient, applicationId);
    },
  });
}

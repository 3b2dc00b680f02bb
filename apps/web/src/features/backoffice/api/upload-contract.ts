import type { CaseDetail, CaseResponse, ContractKind } from '@finportal/contracts/backoffice';
import type { ApiErrorItem } from '@finportal/contracts/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, buildUrl, showSuccessToast } from '../../../lib/http';
import { contractFileName } from '../model/contracts';
import { casePath } from './get-case';
import { caseSaved } from './query-keys';
import { staffCall } from './staff-session';

/** A 15 MB file over a slow line takes longer than the client's 30 s for a JSON call. */
const UPLOAD_TIMEOUT_MS = 300_000;

async function errorItems(response: Response): Promise<ApiErrorItem[]> {
  try {
    const list = ((await response.json()) as { errors?: unknown }).errors;
    return Array.isArray(list) ? list.filter((item): item is ApiErrorItem => typeof item?.code === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * PUT /backoffice/applications/{id}/contracts/{kind}?file_name=: a contract made elsewhere, the PDF
 * itself as the body (`application/pdf`, at most CONTRACT_MAX_BYTES). The JSON client sends JSON
 * only, so this call is made with fetch; its failures are ApiErrors like the client's (400
 * err_file_content_mismatch, err_file_empty, err_invalid_upload_type; 413 err_too_big; 409
 * err_update_not_allowed), and a 401 ends the staff session.
 */
export function uploadCaseContract(id: string, kind: ContractKind, file: File): Promise<CaseDetail> {
  const path = `${casePath(id)}/contracts/${kind}`;
  const failed = (kindOf: ApiError['kind'], status: number | null = null, errors: ApiErrorItem[] = []) =>
    new ApiError({ kind: kindOf, status, errors, method: 'PUT', path });
  return staffCall(async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), UPLOAD_TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(buildUrl(path, { file_name: contractFileName(file.name) }), {
        method: 'PUT',
        body: file,
        credentials: 'include',
        headers: { 'Content-Type': 'application/pdf', Accept: 'application/json' },
        signal: controller.signal,
      });
    } catch {
      throw failed(controller.signal.aborted ? 'timeout' : 'network');
    } finally {
      clearTimeout(timer);
    }
    if (!response.ok) throw failed('http', response.status, await errorItems(response));
    return ((await response.json()) as CaseResponse).case;
  });
}

/** Uploading a contract (`mutate({ kind, file })`). Success: the case with the new document at once, the toast. */
export function useUploadCaseContract(id: string) {
  const { t } = useTranslation(['backoffice']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: ContractKind; file: File }) => uploadCaseContract(id, kind, file),
    onSuccess: async (updated, { kind }) => {
      const refreshed = caseSaved(queryClient, updated);
      showSuccessToast(t('backoffice:contracts.uploaded', { name: t(`backoffice:contracts.kinds.${kind}`) }));
      await refreshed;
    },
  });
}

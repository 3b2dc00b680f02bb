import type { ApiErrorItem } from '@finportal/contracts/errors';
import type { DraftResponse } from '@finportal/contracts/partner-console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, buildUrl, showSuccessToast } from '../../../lib/http';
import { consolePath, draftSaved } from './console-query-keys';
import { staffCall } from './staff-session';

const UPLOAD_TIMEOUT_MS = 60_000;

async function errorItems(response: Response): Promise<ApiErrorItem[]> {
  try {
    const list = ((await response.json()) as { errors?: unknown }).errors;
    return Array.isArray(list) ? list.filter((item): item is ApiErrorItem => typeof item?.code === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * PUT /backoffice/partners/{key}/draft/logo: a PNG as the draft's logo, the file itself as the body
 * (`image/png`, at most LOGO_MAX_BYTES). The JSON client sends JSON only, so this call is made with
 * fetch; its failures are ApiErrors like the client's (400 err_file_content_mismatch, err_invalid_value
 * with min/max pixels; 413), and a 401 ends the staff session.
 */
export function uploadConsoleLogo(key: string, file: Blob): Promise<DraftResponse> {
  const path = `${consolePath(key)}/draft/logo`;
  const failed = (kind: ApiError['kind'], status: number | null = null, errors: ApiErrorItem[] = []) =>
    new ApiError({ kind, status, errors, method: 'PUT', path });
  return staffCall(async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), UPLOAD_TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(buildUrl(path), {
        method: 'PUT',
        body: file,
        credentials: 'include',
        headers: { 'Content-Type': 'image/png', Accept: 'application/json' },
        signal: controller.signal,
      });
    } catch {
      throw failed(controller.signal.aborted ? 'timeout' : 'network');
    } finally {
      clearTimeout(timer);
    }
    if (!response.ok) throw failed('http', response.status, await errorItems(response));
    return (await response.json()) as DraftResponse;
  });
}

/** A new logo for the draft. Success: the draft with it at once, the toast. Errors are the logo field's. */
export function useUploadConsoleLogo(key: string) {
  const { t } = useTranslation(['console']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) => uploadConsoleLogo(key, file),
    onSuccess: (updated) => {
      draftSaved(queryClient, updated);
      showSuccessToast(t('console:logo.uploaded'));
    },
  });
}

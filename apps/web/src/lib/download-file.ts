import { ApiError, handleFailure, send, type RequestOptions } from './http';

/*
 * File downloads through the API client, in a module of their own: only the lazy pages that offer
 * a download load this code, not the portal's first chunk (150 KB budget, ADR 004).
 */

function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? null;
}

/** Downloads a file as a blob and saves it through a temporary link (GET by default, or POST with a body). */
export async function downloadFile(
  path: string,
  options: RequestOptions & { method?: 'GET' | 'POST'; filename?: string } = {},
): Promise<void> {
  const method = options.method ?? 'GET';
  try {
    const response = await send(method, path, { ...options, headers: { Accept: '*/*', ...options.headers } });
    const blob = await response.blob();
    const name = options.filename ?? filenameFromDisposition(response.headers.get('content-disposition')) ?? 'download';
    const href = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = href;
    link.download = name;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 0);
  } catch (cause) {
    const error =
      cause instanceof ApiError ? cause : new ApiError({ kind: 'network', status: null, errors: [], method, path });
    handleFailure(error, options);
    throw error;
  }
}

/** The Content-Disposition of a download: the original name, an ASCII fallback and UTF-8 (RFC 6266, RFC 8187). */
export function contentDisposition(name: string, type: 'attachment' | 'inline'): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The content types a preview opens in the browser: PDF and images (never HTML, XML or SVG). */
const PREVIEWABLE = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/gif']);

/** Whether a file of this type may be shown inline (a preview); every other type downloads. */
export const isPreviewable = (contentType: string | null | undefined) => PREVIEWABLE.has(contentType ?? '');

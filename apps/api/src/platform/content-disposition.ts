/** The Content-Disposition of a download: the original name, an ASCII fallback and UTF-8 (RFC 6266, RFC 8187). */
export function contentDisposition(name: string, type: 'attachment' | 'inline'): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

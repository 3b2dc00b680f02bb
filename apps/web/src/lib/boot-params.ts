/** Values the server injects into index.html (see docs/api-accounts.md), with fallbacks for dev. */

const DEFAULT_PARTNER_KEY = 'demo';
const DEFAULT_API_BASE = '/api';

function readMeta(doc: Document, name: string): string | null {
  const value = doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content?.trim();
  return value ? value : null;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** First hostname label when the host has a subdomain (`acme.localhost`, `acme.portal.example`), else null. */
export function subdomainOf(hostname: string): string | null {
  const host = hostname.toLowerCase();
  if (!host || IPV4.test(host) || host.includes(':')) return null;
  const labels = host.split('.').filter(Boolean);
  if (labels.length >= 2 && labels[labels.length - 1] === 'localhost') return labels[0] ?? null;
  if (labels.length >= 3) return labels[0] ?? null;
  return null;
}

export function readPartnerKey(doc: Document = document, hostname: string = window.location.hostname): string {
  return readMeta(doc, 'fp-partner') ?? subdomainOf(hostname) ?? DEFAULT_PARTNER_KEY;
}

export function readApiBase(doc: Document = document): string {
  const base = readMeta(doc, 'fp-api-base') ?? DEFAULT_API_BASE;
  return base.endsWith('/') ? base.slice(0, -1) : base;
}

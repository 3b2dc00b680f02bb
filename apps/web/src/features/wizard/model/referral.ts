/**
 * Query parameters of the entry link (spec 1 section 2, loan info): loan_amount, loan_duration,
 * country, loan_type, currency and ref prefill the first step. Every parameter except the amount
 * and the duration (and the interface language `lng`) is kept for 30 days in localStorage and sent
 * with the application: `referrer` (ref) and `referral_data` (all kept parameters).
 */
export const PREFILL_PARAMS = ['loan_amount', 'loan_duration', 'country', 'loan_type', 'currency', 'ref'] as const;
const NOT_STORED = new Set(['loan_amount', 'loan_duration', 'lng']);
export const REFERRAL_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_VALUE = 500;
const MAX_PARAMS = 30;

const storageKey = (partnerKey: string) => `fp:${partnerKey}:referral`;

interface StoredReferral {
  data: Record<string, string>;
  expires_at: number;
}

export function readReferral(partnerKey: string, now = Date.now()): Record<string, string> | null {
  try {
    const raw = window.localStorage.getItem(storageKey(partnerKey));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredReferral>;
    if (typeof parsed.expires_at !== 'number' || parsed.expires_at <= now || !parsed.data) {
      window.localStorage.removeItem(storageKey(partnerKey));
      return null;
    }
    const data: Record<string, string> = {};
    for (const [key, value] of Object.entries(parsed.data)) if (typeof value === 'string') data[key] = value;
    return Object.keys(data).length > 0 ? data : null;
  } catch {
    return null;
  }
}

/** Keeps the link's parameters (merged over still valid earlier ones) for 30 days from now. */
export function storeReferral(partnerKey: string, params: URLSearchParams, now = Date.now()): void {
  const fresh: Record<string, string> = {};
  for (const [key, value] of params) {
    if (NOT_STORED.has(key) || !value || key.length > 100) continue;
    fresh[key] = value.slice(0, MAX_VALUE);
  }
  if (Object.keys(fresh).length === 0) return;
  const data = Object.fromEntries(Object.entries({ ...readReferral(partnerKey, now), ...fresh }).slice(0, MAX_PARAMS));
  try {
    const stored: StoredReferral = { data, expires_at: now + REFERRAL_DAYS * DAY_MS };
    window.localStorage.setItem(storageKey(partnerKey), JSON.stringify(stored));
  } catch {
    /* storage unavailable */
  }
}

/** `referrer` and `referral_data` of POST /user/applications. */
export function referralFields(partnerKey: string): {
  referrer: string | null;
  referral_data: Record<string, string> | null;
} {
  const data = readReferral(partnerKey);
  return { referrer: data?.ref ?? null, referral_data: data };
}

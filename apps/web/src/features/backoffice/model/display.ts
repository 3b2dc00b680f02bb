import { formatMoney, formatNumber } from '../../../lib/format';

/**
 * Display helpers of the back office: grouped IBANs, the time a case has been in its status,
 * dates with time, in the interface language (Intl, no library).
 */

/** An IBAN in groups of four (`DE89 3704 0044 0532 0130 00`), as it is printed and read out. */
export function groupIban(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Whole days since an ISO time (0 on the same day, never negative). */
export function daysSince(iso: string, now: number = Date.now()): number {
  return Math.max(0, Math.floor((now - new Date(iso).getTime()) / DAY_MS));
}

function unit(value: number, which: 'day' | 'hour', language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: which, unitDisplay: 'long' }).format(value);
}

/**
 * How long a case has been in its status: "3 days", under a day "5 hours", under an hour
 * `underAnHour` (the caller's translated words).
 */
export function formatAge(iso: string, language: string, underAnHour: string, now: number = Date.now()): string {
  const days = daysSince(iso, now);
  if (days >= 1) return unit(days, 'day', language);
  const hours = Math.floor((now - new Date(iso).getTime()) / HOUR_MS);
  return hours >= 1 ? unit(hours, 'hour', language) : underAnHour;
}

/** Date and time of an ISO instant in the interface language, in the browser's zone or `timeZone`. */
export function formatDateTime(iso: string, language: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
  } catch {
    // An unknown zone: the browser's.
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }
}

/** An amount with its currency and cents where there are some ("1.250,50 €"); null shows a dash. */
export function formatExactAmount(value: number | null | undefined, currency: string, language: string): string {
  if (value === null || value === undefined) return '–';
  return formatMoney(value, currency, language);
}

/** A value of the audit trail as text: strings as they are, others as JSON. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** An annual rate given in percent, with up to three decimals as the pricing takes them ("5,125 %"). */
export function formatRate(rate: number, language: string): string {
  return formatNumber(rate / 100, language, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 3 });
}

/** A representative's name, or "Person without a name" (the borrower's wording). */
export function personName(
  person: { first_name: string | null; last_name: string | null },
  t: (key: string) => string,
): string {
  return [person.first_name, person.last_name].filter(Boolean).join(' ') || t('representatives:card.unnamed');
}

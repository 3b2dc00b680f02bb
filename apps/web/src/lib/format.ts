/**
 * Display formatting for the dashboard (Intl in the interface language, no library):
 * amounts without fractions, dates as DD.MM.YYYY, country names, lists.
 */

/** An amount with its currency and no fractions ("120.000 €" in German); null shows a dash. */
export function formatAmount(value: number | null | undefined, currency: string, language: string): string {
  if (value === null || value === undefined) return '–';
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }).format(value);
  } catch {
    return `${new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(value)} ${currency}`;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO 8601 timestamp as DD.MM.YYYY of its UTC day ('' when unparseable). */
export function formatDateUtc(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
}

/** A calendar date YYYY-MM-DD as DD.MM.YYYY (other input is returned unchanged). */
export function formatIsoDate(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : value;
}

const regionNames = new Map<string, Intl.DisplayNames | null>();

/** The country's name in the language (the code itself when Intl does not know it). */
export function countryName(code: string, language: string): string {
  if (!regionNames.has(language)) {
    try {
      regionNames.set(language, new Intl.DisplayNames([language], { type: 'region' }));
    } catch {
      regionNames.set(language, null);
    }
  }
  try {
    return regionNames.get(language)?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "a, b and c" in the language. */
export function formatList(items: readonly string[], language: string): string {
  try {
    return new Intl.ListFormat(language, { type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

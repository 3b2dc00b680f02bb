import {
  formatLocaleNumber,
  formatMoney as formatMoneyIn,
  formatMoneyRange as formatMoneyRangeIn,
  NUMBER_PRECISION,
  type FormatNumberOptions,
} from '@finportal/contracts/numbers';

/**
 * Display formatting of the whole web app (Intl in the interface language, no library): numbers
 * and money through the contracts' one formatter (`@finportal/contracts/numbers`, whose parser
 * reads them back), dates in the language's pattern (`@finportal/contracts/form-dates`), country
 * names, lists.
 */

/** A number in the language, grouped, up to 2 fraction digits (`12.345,67` in German). */
export function formatNumber(value: number, language: string, options?: FormatNumberOptions): string {
  return formatLocaleNumber(value, language, options);
}

/**
 * An amount with its currency, by the one cents rule of every view (issue 26): rounded to the
 * cent, cents shown where the amount has them (`500.000 €`, `2.827,98 €`).
 */
export function formatMoney(value: number, currency: string, language: string): string {
  return formatMoneyIn(value, language, currency);
}

/** A range of amounts written alike ("2.827,98 € – 2.873,00 €"); one amount when not a range or equal. */
export function formatMoneyRange(
  low: number,
  high: number,
  isRange: boolean,
  currency: string,
  language: string,
): string {
  return isRange ? formatMoneyRangeIn(low, high, language, currency) : formatMoneyIn(low, language, currency);
}

/** An amount with its currency (formatMoney); null shows a dash. */
export function formatAmount(value: number | null | undefined, currency: string, language: string): string {
  if (value === null || value === undefined) return '–';
  return formatMoneyIn(value, language, currency);
}

/** A rate given in percent (5.9 → "5,90 %" in German, "5.90%" in English), always with two fraction digits. */
export function formatPercent(value: number, language: string): string {
  return formatLocaleNumber(value / 100, language, {
    style: 'percent',
    minimumFractionDigits: NUMBER_PRECISION,
  });
}

/** "low – high" for a range, else the low value. */
export function formatRange(low: string, high: string, isRange: boolean): string {
  return isRange && low !== high ? `${low} – ${high}` : low;
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

const countryNames = new Map<string, string>();

/** The country's name in the language (the code itself when Intl does not know it); kept once looked up. */
export function countryName(code: string, language: string): string {
  const key = `${language}|${code}`;
  const known = countryNames.get(key);
  if (known !== undefined) return known;
  const name = lookUpCountryName(code, language);
  countryNames.set(key, name);
  return name;
}

function lookUpCountryName(code: string, language: string): string {
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

export interface CountryOption {
  value: string;
  label: string;
}

/** Countries as select options, named in the language (Intl.DisplayNames) and sorted by that name. */
export function namedCountries(codes: readonly string[], language: string): CountryOption[] {
  return codes
    .map((code) => ({ value: code, label: countryName(code, language) }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}

/** "a, b and c" in the language. */
export function formatList(items: readonly string[], language: string): string {
  try {
    return new Intl.ListFormat(language, { type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

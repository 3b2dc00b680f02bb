/** Number, money and percent formatting in the interface language (Intl). Amounts have no fractions. */

export function formatMoney(value: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }).format(value);
  } catch {
    return `${formatNumber(value, language)} ${currency}`;
  }
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(value);
}

/** A rate given in percent (5.9 → "5.90 %" in the language's style). */
export function formatPercent(value: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value / 100);
}

export function formatRange(low: string, high: string, isRange: boolean): string {
  return isRange && low !== high ? `${low} – ${high}` : low;
}

export { countryName } from '../../../lib/format';

import { formatLocaleNumber } from '@finportal/contracts/numbers';
import { percentOf } from '@finportal/contracts/representatives';

/** Display helpers of the cards, the register list and the panel (interface language). */

/**
 * A share stored as a decimal, in percent: the number as the language writes it and a non-breaking
 * space before the sign, like the error texts ("12,5 %" in German, "12.5 %" in English).
 */
export function formatShare(decimal: number, language: string): string {
  return formatPercentValue(percentOf(decimal), language);
}

/** A value already in percent (the list rules' totals: 112 → "112 %"). */
export function formatPercentValue(percent: number, language: string): string {
  return `${formatLocaleNumber(percent, language, { maximumFractionDigits: 2 })}\u00a0%`;
}

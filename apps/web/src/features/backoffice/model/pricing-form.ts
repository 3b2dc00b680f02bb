import type { FinalPricing } from '@finportal/contracts/backoffice';
import { finalPricingIssues, type PricingBounds } from '@finportal/contracts/pricing-rules';
import type { FieldIssue } from '../../../lib/use-rule-form';

/**
 * The final pricing form: rate in percent and fee in the application's currency, judged by the
 * contracts' `finalPricingIssues` (the rules the API applies), so that the browser and the server
 * refuse the same values with the same message.
 */

export const PRICING_FIELDS = ['interest_rate', 'transaction_fee'] as const;
export type PricingField = (typeof PRICING_FIELDS)[number];

/** A field holds its number, null when empty, or the text typed when it is no number. */
export type PricingValues = Record<PricingField, number | string | null>;

/**
 * Fraction digits the fields read: more than the rules allow (three for the rate, two for the
 * fee), so that a fourth decimal is refused by the rule that says so (err_too_many_decimals)
 * rather than read as no number at all.
 */
export const PRICING_INPUT_FRACTION_DIGITS = 6;

export function initialPricing(pricing: FinalPricing | null): PricingValues {
  return { interest_rate: pricing?.interest_rate ?? null, transaction_fee: pricing?.transaction_fee ?? null };
}

const numberOf = (value: number | string | null) => (typeof value === 'number' ? value : null);

/**
 * Every issue of the values, in form order: text that is no number is refused as such; numbers
 * go through the contracts' rules with the partner's bounds.
 */
export function pricingIssues(values: PricingValues, bounds: PricingBounds): FieldIssue<PricingField>[] {
  const unreadable = PRICING_FIELDS.filter((f) => typeof values[f] === 'string' && String(values[f]).trim() !== '');
  const ruled = finalPricingIssues(
    { interest_rate: numberOf(values.interest_rate), transaction_fee: numberOf(values.transaction_fee) },
    bounds,
  ).filter((issue) => !unreadable.includes(issue.field));
  const issues: FieldIssue<PricingField>[] = [
    ...unreadable.map((field) => ({ field, code: 'err_invalid_value' as const })),
    ...ruled,
  ];
  return PRICING_FIELDS.flatMap((field) => issues.filter((issue) => issue.field === field));
}

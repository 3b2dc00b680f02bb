import type { PartnerFile } from '@finportal/contracts/partner';
import type { Pricing } from '@finportal/contracts/offers';
import type { ProductType } from '@finportal/contracts/products';

/**
 * The indicative offer (pure functions, no I/O). Rates are annual, in percent.
 *
 *   years above 3         = max(0, months − 36) / 12                      (48 months → 1, 42 → 0.5)
 *   rate low              = base_rate
 *                           + duration_add_per_year × years above 3
 *                           + young_company_add        when the company is known to be < 24 months old
 *   rate high             = rate low + spread;        offer_is_range = spread > 0
 *   annuity A(P, rate, n) = P·r / (1 − (1 + r)^−n),  r = rate / 12 / 100;   r = 0 → P / n
 *   representative monthly rate low / high = A(amount, rate low / high, months)
 *   monthly_payment       = A(amount, (rate low + rate high) / 2, months)
 *   total_transaction_fee = max(min_transaction_fee, amount × transaction_fee_rate / 100)
 *   is_final_interest_rate / is_final_transaction_fee: from the partner's pricing table
 *   factoring:  factoring_fee_rate from the table; annual_factoring_fee = factoring_limit × rate / 100
 *
 * Rates are rounded to 2 decimals (half away from zero), amounts to cents.
 * Example: 100,000 over 48 months at 6 %: r = 0.005, (1.005)^−48 = 0.787098,
 * A = 500 / 0.212902 = 2,348.50 per month.
 */

export type PricingTable = NonNullable<PartnerFile['pricing'][ProductType]>;

/** Companies younger than this pay the young-company add-on. */
export const YOUNG_COMPANY_MONTHS = 24;
/** Durations above this pay the duration add-on per year. */
export const DURATION_ADD_FROM_MONTHS = 36;

/** Rounds half away from zero at `digits` decimals without binary artefacts (1.005 → 1.01). */
export function round(value: number, digits: number): number {
  const sign = value < 0 ? -1 : 1;
  return (sign * Math.round(Number(`${Math.abs(value)}e${digits}`))) / 10 ** digits;
}

export const roundCents = (value: number) => round(value, 2);

/** The monthly instalment that repays `principal` in `months` at an annual rate in percent (not rounded). */
export function annuity(principal: number, annualRatePercent: number, months: number): number {
  if (months <= 0) throw new RangeError('months must be positive');
  const r = annualRatePercent / 12 / 100;
  if (r === 0) return principal / months;
  return (principal * r) / (1 - (1 + r) ** -months);
}

export interface RateInput {
  durationMonths: number;
  /** Age of the company in months; null when the foundation date is unknown (no add-on). */
  companyAgeMonths: number | null;
}

export function interestRates(table: PricingTable, input: RateInput): { low: number; high: number } {
  const yearsAbove = Math.max(0, input.durationMonths - DURATION_ADD_FROM_MONTHS) / 12;
  const young = input.companyAgeMonths !== null && input.companyAgeMonths < YOUNG_COMPANY_MONTHS;
  const low = round(
    table.base_rate + table.duration_add_per_year * yearsAbove + (young ? table.young_company_add : 0),
    2,
  );
  return { low, high: round(low + table.spread, 2) };
}

export interface LoanPricingInput extends RateInput {
  amount: number;
}

export function loanPricing(table: PricingTable, input: LoanPricingInput): Pricing {
  const { low, high } = interestRates(table, input);
  const n = input.durationMonths;
  return {
    offer_rate_low: low,
    offer_rate_high: high,
    offer_representative_monthly_rate_low: roundCents(annuity(input.amount, low, n)),
    offer_representative_monthly_rate_high: roundCents(annuity(input.amount, high, n)),
    offer_is_range: table.spread > 0,
    monthly_payment: roundCents(annuity(input.amount, (low + high) / 2, n)),
    total_transaction_fee: roundCents(
      Math.max(table.min_transaction_fee, (input.amount * table.transaction_fee_rate) / 100),
    ),
    is_final_interest_rate: table.is_final_interest_rate,
    is_final_transaction_fee: table.is_final_transaction_fee,
  };
}

export interface FactoringPricing {
  factoring_fee_rate: number;
  annual_factoring_fee: number;
}

export function factoringPricing(table: PricingTable, factoringLimit: number): FactoringPricing | null {
  if (table.factoring_fee_rate === undefined) return null;
  return {
    factoring_fee_rate: table.factoring_fee_rate,
    annual_factoring_fee: roundCents((factoringLimit * table.factoring_fee_rate) / 100),
  };
}

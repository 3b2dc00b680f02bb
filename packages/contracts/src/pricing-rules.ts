/**
 * The final pricing the back office sets (issue 13, ADR 019): the pricing codes of spec 2
 * section 8, judged the same in the pricing form and in the API. Zod-free.
 */

export interface PricingBounds {
  interest_rate_min: number;
  interest_rate_max: number;
  transaction_fee_max: number;
}

/** What PUT /backoffice/applications/{id}/pricing sends: annual rate in percent, fee in the application's currency. */
export interface FinalPricingInput {
  interest_rate: number | null | undefined;
  transaction_fee: number | null | undefined;
}

export type PricingErrorCode =
  | 'err_interest_rate_required'
  | 'err_interest_rate_not_positive'
  | 'err_interest_rate_out_of_bounds'
  | 'err_transaction_fee_required'
  | 'err_transaction_fee_not_positive'
  | 'err_transaction_fee_out_of_bounds'
  | 'err_too_many_decimals';

export interface PricingIssue {
  field: keyof FinalPricingInput;
  code: PricingErrorCode;
  values?: Record<string, number>;
}

const decimals = (n: number) => (String(n).split('.')[1] ?? '').length;

/**
 * Every problem of a final pricing: the rate is required, positive, within the partner's bounds
 * and has at most three decimals; the fee is required, not negative (0 is a waived fee), at most
 * the partner's maximum, and has at most two decimals.
 */
export function finalPricingIssues(input: FinalPricingInput, bounds: PricingBounds): PricingIssue[] {
  const issues: PricingIssue[] = [];
  const rate = input.interest_rate;
  if (rate === null || rate === undefined || Number.isNaN(rate)) {
    issues.push({ field: 'interest_rate', code: 'err_interest_rate_required' });
  } else if (rate <= 0) {
    issues.push({ field: 'interest_rate', code: 'err_interest_rate_not_positive' });
  } else if (rate < bounds.interest_rate_min || rate > bounds.interest_rate_max) {
    issues.push({
      field: 'interest_rate',
      code: 'err_interest_rate_out_of_bounds',
      values: { min: bounds.interest_rate_min, max: bounds.interest_rate_max },
    });
  } else if (decimals(rate) > 3) {
    issues.push({ field: 'interest_rate', code: 'err_too_many_decimals', values: { max: 3 } });
  }
  const fee = input.transaction_fee;
  if (fee === null || fee === undefined || Number.isNaN(fee)) {
    issues.push({ field: 'transaction_fee', code: 'err_transaction_fee_required' });
  } else if (fee < 0) {
    issues.push({ field: 'transaction_fee', code: 'err_transaction_fee_not_positive' });
  } else if (fee > bounds.transaction_fee_max) {
    issues.push({
      field: 'transaction_fee',
      code: 'err_transaction_fee_out_of_bounds',
      values: { max: bounds.transaction_fee_max },
    });
  } else if (decimals(fee) > 2) {
    issues.push({ field: 'transaction_fee', code: 'err_too_many_decimals', values: { max: 2 } });
  }
  return issues;
}

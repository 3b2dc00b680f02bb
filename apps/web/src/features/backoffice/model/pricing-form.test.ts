import { describe, expect, it } from 'vitest';
import { pricingIssues } from './pricing-form';

const BOUNDS = { interest_rate_min: 1, interest_rate_max: 15, transaction_fee_max: 50_000 };

describe('final pricing form', () => {
  it('judges numbers by the contracts rules', () => {
    expect(pricingIssues({ interest_rate: null, transaction_fee: null }, BOUNDS).map((i) => i.code)).toEqual([
      'err_interest_rate_required',
      'err_transaction_fee_required',
    ]);
    expect(pricingIssues({ interest_rate: 16, transaction_fee: 60_000 }, BOUNDS)).toEqual([
      { field: 'interest_rate', code: 'err_interest_rate_out_of_bounds', values: { min: 1, max: 15 } },
      { field: 'transaction_fee', code: 'err_transaction_fee_out_of_bounds', values: { max: 50_000 } },
    ]);
    expect(pricingIssues({ interest_rate: 5.125, transaction_fee: 0 }, BOUNDS)).toEqual([]);
    expect(pricingIssues({ interest_rate: 5.1234, transaction_fee: 10.555 }, BOUNDS).map((i) => i.code)).toEqual([
      'err_too_many_decimals',
      'err_too_many_decimals',
    ]);
  });

  it('refuses text that is no number as such, not as a missing value', () => {
    expect(pricingIssues({ interest_rate: 'fünf', transaction_fee: '' }, BOUNDS)).toEqual([
      { field: 'interest_rate', code: 'err_invalid_value' },
      { field: 'transaction_fee', code: 'err_transaction_fee_required' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { annuity, factoringPricing, interestRates, loanPricing, round, type PricingTable } from './pricing.js';

/** Hand-computed examples of the pricing formulas (pricing.ts). */

/** demo, general_liquidity */
const demo: PricingTable = {
  base_rate: 5.5,
  spread: 1,
  duration_add_per_year: 0.25,
  young_company_add: 1.5,
  transaction_fee_rate: 2,
  min_transaction_fee: 500,
  is_final_interest_rate: false,
  is_final_transaction_fee: false,
};

/** nordbank, general_liquidity: one rate, final. */
const nordbank: PricingTable = {
  base_rate: 4.9,
  spread: 0,
  duration_add_per_year: 0.2,
  young_company_add: 0,
  transaction_fee_rate: 1.5,
  min_transaction_fee: 750,
  is_final_interest_rate: true,
  is_final_transaction_fee: true,
};

describe('annuity', () => {
  it('100,000 over 48 months at 6 % → 2,348.50 per month', () => {
    // r = 6 / 12 / 100 = 0.005; (1.005)^-48 = 0.787098; A = 100,000 × 0.005 / (1 − 0.787098) = 500 / 0.212902 = 2,348.50
    expect(round(annuity(100_000, 6, 48), 2)).toBe(2348.5);
  });

  it('1,000 over 12 months at 12 % → 88.85', () => {
    // r = 0.01; (1.01)^-12 = 0.887449; A = 10 / 0.112551 = 88.85
    expect(round(annuity(1_000, 12, 12), 2)).toBe(88.85);
  });

  it('at 0 % the principal is split evenly: 50,000 / 24 = 2,083.33', () => {
    expect(round(annuity(50_000, 0, 24), 2)).toBe(2083.33);
  });

  it('refuses a duration of 0 months', () => {
    expect(() => annuity(1_000, 5, 0)).toThrow(RangeError);
  });
});

describe('round', () => {
  it('rounds half away from zero without binary artefacts', () => {
    expect(round(1.005, 2)).toBe(1.01);
    expect(round(2.675, 2)).toBe(2.68);
    expect(round(5.625, 2)).toBe(5.63);
    expect(round(-1.005, 2)).toBe(-1.01);
  });
});

describe('interestRates', () => {
  it('up to 36 months: the base rate; high = low + spread', () => {
    // 5.5 + 0.25 × max(0, 36 − 36)/12 = 5.5; high 5.5 + 1 = 6.5
    expect(interestRates(demo, { durationMonths: 36, companyAgeMonths: 120 })).toEqual({ low: 5.5, high: 6.5 });
  });

  it('48 months: one year above 3 years adds 0.25', () => {
    // 5.5 + 0.25 × (48 − 36)/12 = 5.75; high 6.75
    expect(interestRates(demo, { durationMonths: 48, companyAgeMonths: 120 })).toEqual({ low: 5.75, high: 6.75 });
  });

  it('42 months: half a year adds 0.125 (rounded to 5.63)', () => {
    // 5.5 + 0.25 × 6/12 = 5.625 → 5.63; high 6.63
    expect(interestRates(demo, { durationMonths: 42, companyAgeMonths: null })).toEqual({ low: 5.63, high: 6.63 });
  });

  it('a company younger than 24 months pays the young-company add-on; unknown age does not', () => {
    // 60 months, 12 months old: 5.5 + 0.25 × 2 + 1.5 = 7.5; high 8.5
    expect(interestRates(demo, { durationMonths: 60, companyAgeMonths: 12 })).toEqual({ low: 7.5, high: 8.5 });
    // 23 months old still pays it, 24 months old does not
    expect(interestRates(demo, { durationMonths: 60, companyAgeMonths: 23 }).low).toBe(7.5);
    expect(interestRates(demo, { durationMonths: 60, companyAgeMonths: 24 }).low).toBe(6);
    expect(interestRates(demo, { durationMonths: 60, companyAgeMonths: null }).low).toBe(6);
  });
});

describe('loanPricing', () => {
  it('demo: 100,000 over 48 months, an old company', () => {
    // rates 5.75 / 6.75 (above); midpoint 6.25
    // A(100,000, 5.75 %, 48): r = 0.00479167, (1 + r)^-48 = 0.794970, A = 479.17 / 0.205030 = 2,337.06
    // A(100,000, 6.75 %, 48): r = 0.005625,   (1 + r)^-48 = 0.763957, A = 562.50 / 0.236043 = 2,383.04
    // A(100,000, 6.25 %, 48): r = 0.00520833, (1 + r)^-48 = 0.779306, A = 520.83 / 0.220694 = 2,359.98
    // fee = max(500, 100,000 × 2 / 100 = 2,000) = 2,000
    expect(loanPricing(demo, { amount: 100_000, durationMonths: 48, companyAgeMonths: 120 })).toEqual({
      offer_rate_low: 5.75,
      offer_rate_high: 6.75,
      offer_representative_monthly_rate_low: 2337.06,
      offer_representative_monthly_rate_high: 2383.04,
      offer_is_range: true,
      monthly_payment: 2359.98,
      total_transaction_fee: 2000,
      is_final_interest_rate: false,
      is_final_transaction_fee: false,
    });
  });

  it('demo: 250,000 over 60 months for a young company', () => {
    // rates 7.5 / 8.5, midpoint 8.0
    // A(250,000, 7.5 %, 60): r = 0.00625,    (1 + r)^-60 = 0.688092, A = 1,562.50 / 0.311908 = 5,009.49
    // A(250,000, 8.5 %, 60): r = 0.00708333, (1 + r)^-60 = 0.654750, A = 1,770.83 / 0.345250 = 5,129.13
    // A(250,000, 8.0 %, 60): r = 0.00666667, (1 + r)^-60 = 0.671210, A = 1,666.67 / 0.328790 = 5,069.10
    // fee = max(500, 5,000) = 5,000
    const p = loanPricing(demo, { amount: 250_000, durationMonths: 60, companyAgeMonths: 12 });
    expect([p.offer_rate_low, p.offer_rate_high]).toEqual([7.5, 8.5]);
    expect(p.offer_representative_monthly_rate_low).toBe(5009.49);
    expect(p.offer_representative_monthly_rate_high).toBe(5129.13);
    expect(p.monthly_payment).toBe(5069.1);
    expect(p.total_transaction_fee).toBe(5000);
  });

  it('the minimum transaction fee applies to small amounts', () => {
    // 20,000 × 2 / 100 = 400 < 500
    expect(
      loanPricing(demo, { amount: 20_000, durationMonths: 24, companyAgeMonths: null }).total_transaction_fee,
    ).toBe(500);
  });

  it('nordbank: spread 0 gives one rate (no range) and final terms', () => {
    // 100,000 over 24 months at 4.9 %: r = 0.00408333, (1 + r)^-24 = 0.906830, A = 408.33 / 0.093170 = 4,382.66
    // fee = max(750, 100,000 × 1.5 / 100 = 1,500) = 1,500
    expect(loanPricing(nordbank, { amount: 100_000, durationMonths: 24, companyAgeMonths: 6 })).toEqual({
      offer_rate_low: 4.9,
      offer_rate_high: 4.9,
      offer_representative_monthly_rate_low: 4382.66,
      offer_representative_monthly_rate_high: 4382.66,
      offer_is_range: false,
      monthly_payment: 4382.66,
      total_transaction_fee: 1500,
      is_final_interest_rate: true,
      is_final_transaction_fee: true,
    });
  });
});

describe('factoringPricing', () => {
  it('annual fee = limit × rate / 100: 200,000 × 1.8 % = 3,600', () => {
    expect(factoringPricing({ ...demo, factoring_fee_rate: 1.8 }, 200_000)).toEqual({
      factoring_fee_rate: 1.8,
      annual_factoring_fee: 3600,
    });
    // 333,333 × 1.5 % = 4,999.995 → 5,000.00
    expect(factoringPricing({ ...nordbank, factoring_fee_rate: 1.5 }, 333_333)?.annual_factoring_fee).toBe(5000);
  });

  it('no factoring fee rate in the table: no factoring price', () => {
    expect(factoringPricing(demo, 100_000)).toBeNull();
  });
});

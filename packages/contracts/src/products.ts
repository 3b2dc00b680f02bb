/** Product types and their slider limits (spec 1 section 9). */
export const PRODUCT_TYPES = [
  'general_liquidity',
  'object_financing',
  'real_estate',
  'factoring',
  'whitelabel',
  'other',
  'working_capital',
  'project',
  'material',
  'tlb',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** The loan types a borrower chooses from (allBanksLoanPurpose). */
export const LOAN_TYPES = ['working_capital_loan', 'event_driven_financing_loan', 'factoring'] as const;
export type LoanType = (typeof LOAN_TYPES)[number];

/** The product type of a loan type when the partner file does not name one. */
export const DEFAULT_PRODUCTS: Record<LoanType, ProductType> = {
  working_capital_loan: 'general_liquidity',
  event_driven_financing_loan: 'project',
  factoring: 'factoring',
};

/** The product type of a loan type at a partner (its `products` map, else DEFAULT_PRODUCTS). */
export function productTypeOf(
  partner: { products: Partial<Record<LoanType, ProductType>> },
  loanType: LoanType,
): ProductType {
  return partner.products[loanType] ?? DEFAULT_PRODUCTS[loanType];
}

export const DEFAULT_LOAN_SIZE = 100_000;
export const DEFAULT_LOAN_DURATION = 48;
export const AMOUNT_STEP = 5_000;
export const DURATION_STEP = 1;
export const AMOUNT_SLIDER_MAX = 500_000;
export const AMOUNT_TYPED_MAX = 100_000_000;
export const DURATION_TYPED_MAX = 240;

const MIN_AMOUNT: Record<ProductType, number> = {
  general_liquidity: 15_000,
  object_financing: 15_000,
  other: 15_000,
  whitelabel: 15_000,
  real_estate: 15_000,
  material: 50_000,
  project: 50_000,
  working_capital: 50_000,
  tlb: 20_000,
  factoring: 0,
};

export interface Limits {
  min: number;
  /** Upper end of the slider. */
  sliderMax: number;
  /** Highest value that may be typed (equals sliderMax without the customisation entitlement). */
  max: number;
  step: number;
}

/**
 * Amount limits of a product. Typing amounts above the slider maximum needs the partner
 * entitlement `customized_application_amounts`; without it the typed input is disabled.
 */
export function amountLimits(product: ProductType, customizedAmounts: boolean): Limits {
  return {
    min: MIN_AMOUNT[product],
    sliderMax: AMOUNT_SLIDER_MAX,
    max: customizedAmounts ? AMOUNT_TYPED_MAX : AMOUNT_SLIDER_MAX,
    step: AMOUNT_STEP,
  };
}

/**
 * Duration limits in months: minimum 12 (tlb 3), slider maximum 60 (tlb 24, or 18 for the
 * short tlb instance), typed maximum 240 with the customisation entitlement.
 */
export function durationLimits(product: ProductType, customizedAmounts: boolean, shortTlb = false): Limits {
  const isTlb = product === 'tlb';
  const sliderMax = isTlb ? (shortTlb ? 18 : 24) : 60;
  return {
    min: isTlb ? 3 : 12,
    sliderMax,
    max: customizedAmounts ? DURATION_TYPED_MAX : sliderMax,
    step: DURATION_STEP,
  };
}

/** Slider validator: a value outside min and max is rejected. */
export function withinLimits(value: number, limits: Limits): boolean {
  return Number.isFinite(value) && value >= limits.min && value <= limits.max;
}

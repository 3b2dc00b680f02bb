import {
  applicationCountries,
  clamp,
  companyTypesFor as companyTypesOf,
  CUSTOMIZED_AMOUNTS,
  isCompanyTypeAccepted,
  loanLimits as loanLimitsOf,
  loanTypesFor as loanTypesOf,
  productOf as productOfRules,
  purposeRules as purposeRulesOf,
  purposesFor as purposesOf,
  rulesOfConfig,
  type PartnerRules,
  type PurposeRules,
} from '@finportal/contracts/eligibility';
import type { LoanType } from '@finportal/contracts/partner';
import { DEFAULT_LOAN_DURATION, DEFAULT_LOAN_SIZE, type Limits, type ProductType } from '@finportal/contracts/products';
import type { PortalConfig } from '../../../lib/config';

/**
 * The partner's rules as the wizard reads them: contracts/eligibility (the API applies the same
 * functions) on the loaded configuration. Zod-free: the loan-info step is on the bundle budget
 * (contracts/partner is only imported as types).
 */
export { clamp, CUSTOMIZED_AMOUNTS, type PurposeRules };

const cache = new WeakMap<PortalConfig, PartnerRules>();

/** The partner's rules of the loaded configuration (GET /partner/key/{key}/config and GET /config). */
export function partnerRules(config: PortalConfig): PartnerRules {
  let rules = cache.get(config);
  if (!rules) {
    rules = rulesOfConfig(config.partner, config.app);
    cache.set(config, rules);
  }
  return rules;
}

/** The product of a loan type, as the partner maps it (`products` of GET /config). */
export function productOf(config: PortalConfig, loanType: string | null | undefined): ProductType {
  return productOfRules(partnerRules(config), loanType);
}

export function hasCustomizedAmounts(config: PortalConfig): boolean {
  return partnerRules(config).customizedAmounts;
}

/**
 * The amount and duration limits of a loan type at the partner: the product limits narrowed to
 * the partner's ranges (slider, typed input and the step's messages).
 */
export function loanLimits(
  config: PortalConfig,
  loanType: string | null | undefined,
): { amount: Limits; duration: Limits } {
  const { amount, duration } = loanLimitsOf(partnerRules(config), loanType);
  return { amount, duration };
}

/** The countries the wizard offers: the partner's countries with at least one loan type. */
export function countriesFor(config: PortalConfig): string[] {
  return applicationCountries(partnerRules(config));
}

/** Loan types offered for a country. */
export function loanTypesFor(config: PortalConfig, country: string | null | undefined): LoanType[] {
  return loanTypesOf(partnerRules(config), country);
}

/** Legal forms listed for a country (the excluded ones too: choosing one says at once that it is refused). */
export function companyTypesFor(config: PortalConfig, country: string | null | undefined): string[] {
  return companyTypesOf(partnerRules(config), country);
}

/** The partner finances this legal form in this country. */
export function companyTypeAccepted(config: PortalConfig, country: string, companyType: string): boolean {
  return isCompanyTypeAccepted(partnerRules(config), country, companyType);
}

/** Loan purposes of a loan type (config.loan_purposes.by_loan_type); none for factoring. */
export function purposesFor(config: PortalConfig, loanType: string | null | undefined): string[] {
  return purposesOf(partnerRules(config), loanType);
}

export function purposeRules(
  config: PortalConfig,
  loanType: string | null | undefined,
  selected: string,
): PurposeRules {
  return purposeRulesOf(partnerRules(config), loanType, selected);
}

export const DEFAULTS = { loanSize: DEFAULT_LOAN_SIZE, loanDuration: DEFAULT_LOAN_DURATION };

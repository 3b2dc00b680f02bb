import {
  amountLimits,
  DEFAULT_LOAN_DURATION,
  DEFAULT_LOAN_SIZE,
  durationLimits,
  type Limits,
  type ProductType,
} from '@finportal/contracts/products';
import type { LoanType } from '@finportal/contracts/partner';
import type { PortalConfig } from '../../../lib/config';

/**
 * Loan types, products and limits of the loan-info step. (contracts/partner is only imported as
 * types: it builds zod schemas, which stay out of the loan-info bundle.)
 */
export const CUSTOMIZED_AMOUNTS = 'customized_application_amounts';

/** The product of a loan type, as the partner maps it (`products` of GET /config). */
export function productOf(config: PortalConfig, loanType: string | null | undefined): ProductType {
  const mapped = loanType ? config.app.products?.[loanType as LoanType] : undefined;
  if (mapped) return mapped;
  if (loanType === 'factoring') return 'factoring';
  if (loanType === 'event_driven_financing_loan') return 'project';
  return 'general_liquidity';
}

export function hasCustomizedAmounts(config: PortalConfig): boolean {
  return config.partner.entitlements.includes(CUSTOMIZED_AMOUNTS);
}

export function loanLimits(
  config: PortalConfig,
  loanType: string | null | undefined,
): { amount: Limits; duration: Limits } {
  const product = productOf(config, loanType);
  const customized = hasCustomizedAmounts(config);
  return { amount: amountLimits(product, customized), duration: durationLimits(product, customized) };
}

/** Loan types offered for a country: the partner's per-country list ∩ the user application types. */
export function loanTypesFor(config: PortalConfig, country: string | null | undefined): LoanType[] {
  const { user_application_types, supported_application_types_by_country } = config.partner.parameters;
  const byCountry = country ? supported_application_types_by_country[country] : undefined;
  return byCountry ? user_application_types.filter((type) => byCountry.includes(type)) : [...user_application_types];
}

/** Company types of a country (partner `country_company_types`, else the configured company types). */
export function companyTypesFor(config: PortalConfig, country: string | null | undefined): string[] {
  const byCountry = country ? config.partner.parameters.country_company_types[country] : undefined;
  return byCountry && byCountry.length > 0 ? byCountry : config.app.company_types.supported;
}

/** Loan purposes of a loan type (config.loan_purposes.by_loan_type); none for factoring. */
export function purposesFor(config: PortalConfig, loanType: string | null | undefined): string[] {
  if (!loanType || loanType === 'factoring') return [];
  return config.app.loan_purposes.by_loan_type[loanType] ?? [];
}

export interface PurposeRules {
  purposes: string[];
  /** The purpose select is shown (and required) when more than one purpose exists. */
  showSelect: boolean;
  /** The detailed description is required: purpose 'other', no purposes, or only 'other' (never for factoring). */
  showDescription: boolean;
  /** The purpose sent when there is no choice (exactly one purpose). */
  implicitPurpose: string | null;
}

export function purposeRules(
  config: PortalConfig,
  loanType: string | null | undefined,
  selected: string,
): PurposeRules {
  const purposes = purposesFor(config, loanType);
  const showSelect = purposes.length > 1;
  const implicitPurpose = purposes.length === 1 ? purposes[0]! : null;
  const onlyOther = purposes.length === 1 && purposes[0] === 'other';
  // Factoring asks for no purpose at all (the API's rule too).
  const showDescription =
    loanType !== 'factoring' && (purposes.length === 0 || onlyOther || (showSelect && selected === 'other'));
  return { purposes, showSelect, showDescription, implicitPurpose };
}

export const DEFAULTS = { loanSize: DEFAULT_LOAN_SIZE, loanDuration: DEFAULT_LOAN_DURATION };

export function clamp(value: number, limits: Pick<Limits, 'min' | 'max'>): number {
  return Math.min(Math.max(value, limits.min), limits.max);
}

import { rulesOfPartner } from '@finportal/contracts/eligibility';
import {
  ageInMonths,
  firstRefusal,
  refusalValues,
  type EligibilityFacts,
} from '@finportal/contracts/eligibility-rules';
import type { ErrorCode } from '@finportal/contracts/errors';
import type { LoanType } from '@finportal/contracts/partner';
import type { Partner } from '../../platform/tenancy.js';

/**
 * Eligibility of a valid application under the partner's rules: the rules and their order are
 * contracts/eligibility's ELIGIBILITY_RULES (the wizard checks the same ones before account
 * creation). The first that fails rejects the application with its code (status Rejected,
 * rejection_reason = the code, no pricing). The facts come from the application's company as
 * stored (its legal form and foundation date may come from the registry).
 */
export { ageInMonths, type EligibilityFacts };

/** The code of the first failing rule, or null when the application is eligible. */
export function firstFailingRule(partner: Partner, facts: EligibilityFacts, now: Date): ErrorCode | null {
  return firstRefusal(rulesOfPartner(partner), facts, now)?.code ?? null;
}

/**
 * The values the message of a rejection quotes (`be_error.<code>` of the web app: "the duration
 * is outside the possible range ({{min}} to {{max}} months)"): the partner's current limits.
 * null for a code whose message quotes none.
 */
export function rejectionValues(
  partner: Partner,
  code: string | null,
  loanType: LoanType,
  currency: string,
): Record<string, string | number> | null {
  if (code === 'err_annual_sales_not_allowed') return null;
  const values = refusalValues(rulesOfPartner(partner), code, loanType);
  if (!values) return null;
  return code === 'err_loan_duration_not_allowed' ? values : { ...values, currency };
}

import type { DynamicFormConfig, FieldUi } from '@finportal/contracts/dynamic-forms';
import { firstRefusal, type EligibilityFacts } from '@finportal/contracts/eligibility-rules';
import type { TFunction } from 'i18next';
import type { PortalConfig } from '../../../lib/config';
import { dynamicRequest } from './dynamic-submission';
import { issueMessage } from './issue-messages';
import { partnerRules } from './products';
import type { ClassicValues, DynamicState } from './wizard-state';

/**
 * The partner's refusal of what one dynamic step holds (issue 26, finding 8): the eligibility rules
 * the API applies (contracts), on the request the wizard will send, limited to this step's fields;
 * its message names the partner and the reason, as in the classic wizard.
 */
export function stepRefusal(
  form: DynamicFormConfig,
  config: PortalConfig,
  loanType: string,
  dynamic: DynamicState,
  fields: readonly Pick<FieldUi, 'id'>[],
): { field: string; message: (t: TFunction, language: string) => string } | null {
  const request = dynamicRequest(form, config, loanType, dynamic) as unknown as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const factoring = loanType === 'factoring';
  const facts: EligibilityFacts = {
    country: str(request.companyCountry),
    loanType: str(request.allBanksLoanPurpose),
    companyType: str(request.companyType),
    foundationDate: str(request.foundation_date),
    currency: str(request.currency),
    amount: factoring ? null : num(request.loanSize),
    durationMonths: factoring ? null : num(request.loanDuration),
    factoringLimit: factoring ? num(request.factoring_limit) : null,
    annualSales: factoring ? num(request.annual_sales_previous_year) : null,
  };
  const refusal = firstRefusal(
    partnerRules(config),
    facts,
    new Date(),
    fields.map((f) => f.id),
  );
  if (!refusal) return null;
  return {
    field: refusal.field,
    message: (t, language) =>
      issueMessage(
        { field: refusal.field as never, code: refusal.code, values: refusal.values, kind: 'refused' },
        { config, values: request as unknown as ClassicValues, t, language },
      ),
  };
}

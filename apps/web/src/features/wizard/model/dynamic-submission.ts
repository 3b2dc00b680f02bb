import { buildDynamicSubmission, stepsOf, type DynamicFormConfig } from '@finportal/contracts/dynamic-forms';
import type { CreateApplicationRequest } from '@finportal/contracts/offers';
import type { PortalConfig } from '../../../lib/config';
import { dynamicCurrency } from './dynamic';
import { referralFields } from './referral';
import type { DynamicState } from './wizard-state';

/**
 * POST /user/applications body of the dynamic wizard: the standard fields as request fields, the
 * others in `custom_fields_list` (both converted by the contract's toSubmissionValue: percent →
 * decimal, years → months, dates → YYYY-MM-DD), `display_duration_unit` and `dynamic_form: true`.
 */
export function dynamicRequest(
  form: DynamicFormConfig,
  config: PortalConfig,
  loanType: string,
  dynamic: DynamicState,
): CreateApplicationRequest {
  const submission = buildDynamicSubmission(form, loanType, dynamic.values);
  const { custom_fields_list } = submission;
  // Empty standard fields are left out (several are optional strings, not nullable, on the wire).
  const standard = Object.fromEntries(Object.entries(submission.standard).filter(([, v]) => v !== null)) as Record<
    string,
    unknown
  >;
  const fields = stepsOf(form, loanType).flatMap((s) => s.fields);
  const durationField = fields.find((f) => f.ui_type === 'loan_duration');
  const company = dynamic.company;
  const companyName = (standard.companyName as string | null | undefined) ?? '';
  const sameCompany = !!company && company.companyName === companyName;
  return {
    ...(standard as Partial<CreateApplicationRequest>),
    allBanksLoanPurpose: loanType as CreateApplicationRequest['allBanksLoanPurpose'],
    currency: ((standard.currency as string | null | undefined) ??
      dynamicCurrency(form, config, loanType)) as CreateApplicationRequest['currency'],
    companyName,
    companyCountry: (standard.companyCountry as string | null | undefined) ?? config.app.countries[0] ?? '',
    display_duration_unit: durationField?.unit === 'years' ? 'years' : 'months',
    companyCreditProviderId: sameCompany ? company.companyCreditProviderId : null,
    company_id: sameCompany ? company.company_id : null,
    external_provider_company_id: sameCompany ? company.external_provider_company_id : null,
    external_provider_name: sameCompany ? company.external_provider_name : null,
    dynamic_form: true,
    custom_fields_list,
    ...referralFields(config.partnerKey),
  };
}

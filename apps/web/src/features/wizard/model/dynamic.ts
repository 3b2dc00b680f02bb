import {
  buildDynamicSubmission,
  currenciesOf,
  formatDate,
  loanPurposesOf,
  stepsOf,
  type DynamicFieldError,
  type DynamicFormConfig,
  type DynamicValues,
  type FieldUi,
  type StepUi,
} from '@finportal/contracts/dynamic-forms';
import type { CompanySearchResult } from '@finportal/contracts/company-search';
import type { CreateApplicationRequest } from '@finportal/contracts/offers';
import type { Limits } from '@finportal/contracts/products';
import type { PortalConfig } from '../../../lib/config';
import { companyFromResult } from './company';
import { companyTypesFor } from './products';
import { referralFields } from './referral';
import type { DynamicState } from './wizard-state';

/** The dynamic wizard (spec 1 section 2): steps and fields from GET /dynamic_forms_config. */
export const DYNAMIC_BASE = '/application/new';
export const dynamicPath = (stepId: string) => `${DYNAMIC_BASE}/${stepId}`;
export const ACCOUNT_STEP = 'account-creation';
export const RESULT_STEP = 'application-result';

/** The loan types the form offers to this partner's users (configuration order). */
export function dynamicLoanTypes(form: DynamicFormConfig, config: PortalConfig): string[] {
  const allowed = config.partner.parameters.user_application_types as string[];
  return loanPurposesOf(form).filter((type) => allowed.includes(type));
}

/** The selected loan type: the stored one while the form offers it, else the first. */
export function selectedLoanType(form: DynamicFormConfig, config: PortalConfig, dynamic: DynamicState): string | null {
  const types = dynamicLoanTypes(form, config);
  const chosen = dynamic.loanType ?? (dynamic.values.allBanksLoanPurpose as string | undefined);
  return chosen && types.includes(chosen) ? chosen : (types[0] ?? null);
}

export function dynamicSteps(form: DynamicFormConfig, loanType: string | null): StepUi[] {
  return loanType ? stepsOf(form, loanType) : [];
}

/** Every step of the loan type is finished. */
export function dynamicFinished(steps: StepUi[], dynamic: DynamicState): boolean {
  return steps.length > 0 && dynamic.lastFinishedStep >= steps.length - 1;
}

/** The request currency: the config default when the loan type allows it, else its first currency. */
export function dynamicCurrency(form: DynamicFormConfig, config: PortalConfig, loanType: string): string {
  const allowed = currenciesOf(form, loanType);
  const fallback = config.app.currencies.default;
  if (allowed.length === 0 || allowed.includes(fallback)) return fallback;
  return allowed[0]!;
}

/**
 * The product's amount and duration limits (spec 1 section 9) for the form's loan_amount and
 * loan_duration fields, as POST /user/applications checks them besides the form's own rules:
 * without customized_application_amounts nothing above the slider maximum. Values and bounds in
 * the field's unit (a duration in years is compared in months, its bounds given in years).
 */
export function productLimitErrors(
  fields: readonly FieldUi[],
  values: DynamicValues,
  limits: { amount: Limits; duration: Limits },
): DynamicFieldError[] {
  const errors: DynamicFieldError[] = [];
  for (const field of fields) {
    const value = values[field.id];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    if (field.ui_type !== 'loan_amount' && field.ui_type !== 'loan_duration') continue;
    const amount = field.ui_type === 'loan_amount';
    const factor = !amount && field.unit === 'years' ? 12 : 1;
    const { min, max } = amount ? limits.amount : limits.duration;
    const entered = value * factor;
    if (entered < min) errors.push({ field: field.id, code: 'err_too_small', values: { min: min / factor } });
    else if (entered > max) errors.push({ field: field.id, code: 'err_too_big', values: { max: max / factor } });
  }
  return errors;
}

/** Standard fields a picked company fills when the form asks for them. */
const COMPANY_FIELDS = [
  'companyType',
  'street',
  'houseNumber',
  'companyPostCode',
  'companyLocation',
  'taxIdNumber',
  'businessPurpose',
] as const;

/** The form values a picked company sets (name, and the company fields the form has). */
export function valuesFromCompany(
  result: CompanySearchResult,
  fields: FieldUi[],
  config: PortalConfig,
  country: string,
): Record<string, unknown> {
  const company = companyFromResult(result, config, country);
  const ids = new Set(fields.map((f) => f.id));
  const values: Record<string, unknown> = { companyName: company.companyName };
  for (const id of COMPANY_FIELDS) {
    if (ids.has(id) && company[id]) values[id] = company[id];
  }
  if (values.companyType && !companyTypesFor(config, country).includes(String(values.companyType))) {
    delete values.companyType;
  }
  const foundation = fields.find((f) => f.id === 'foundation_date');
  if (foundation && result.foundation_date) {
    values.foundation_date = foundation.date_format
      ? formatDate(result.foundation_date, foundation.date_format)
      : result.foundation_date;
  }
  return values;
}

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

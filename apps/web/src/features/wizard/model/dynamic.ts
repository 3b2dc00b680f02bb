import {
  currenciesOf,
  loanPurposesOf,
  stepsOf,
  type DynamicFieldError,
  type DynamicFormConfig,
  type DynamicValues,
  type FieldUi,
  type StepUi,
} from '@finportal/contracts/dynamic-forms';
import type { Limits } from '@finportal/contracts/products';
import type { PortalConfig } from '../../../lib/config';
import type { DynamicState } from './wizard-state';

/**
 * The dynamic wizard (spec 1 section 2): steps and fields from GET /dynamic_forms_config. What a
 * picked company fills is in dynamic-company.ts, the submission in dynamic-submission.ts (they load
 * with the company search and the result page, not with the first step).
 */
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

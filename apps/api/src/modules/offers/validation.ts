import type { z } from 'zod';
import {
  businessPurposeSchema,
  citySchema,
  companyNameSchema,
  companyTaxNumberSchema,
  countrySchema,
  houseNumberSchema,
  postcodeSchema,
  purposeDescriptionSchema,
  streetSchema,
} from '@finportal/contracts/company';
import {
  definitionOf,
  parseDate,
  stepsOf,
  toSubmissionValue,
  validateDynamicSubmission,
  valuesFromSubmission,
  type DynamicFormConfig,
  type FieldUi,
} from '@finportal/contracts/dynamic-forms';
import type { ApiErrorItem } from '@finportal/contracts/errors';
import type { CreateApplicationRequest, createApplicationRequest } from '@finportal/contracts/offers';
import { productTypeOf, type LoanType } from '@finportal/contracts/partner';
import { amountLimits, durationLimits, type ProductType } from '@finportal/contracts/products';
import type { CustomFieldValue } from '../../db/schema.js';
import { zodIssuesToItems } from '../../platform/errors.js';
import type { Partner } from '../../platform/tenancy.js';

/**
 * The input rules of POST /user/applications (spec 1 section 5): every failing field is
 * reported, nothing is stored. Classic partners get the wizard's company and purpose rules;
 * dynamic partners the rules of their dynamic form (the browser's validator). Both get the
 * product limits of amount and duration and the factoring rules.
 */

/** Factoring amounts: greater than 0, at most this (spec 2 section 9). */
export const FACTORING_AMOUNT_MAX = 999_999_999;

export type ApplicationInput = z.output<typeof createApplicationRequest>;

export interface ValidApplication {
  loanType: LoanType;
  productType: ProductType;
  amount: number | null;
  durationMonths: number | null;
  displayDurationUnit: 'months' | 'years';
  currency: ApplicationInput['currency'];
  company: {
    name: string;
    street: string | null;
    houseNumber: string | null;
    postcode: string | null;
    city: string | null;
    country: string;
    companyType: string | null;
    taxIdNumber: string | null;
    businessPurpose: string | null;
    foundationDate: string | null;
    customFields: CustomFieldValue[];
  };
  /** Our company (company_id) or a registry id; neither: a new company from the typed fields. */
  companyId: string | null;
  externalCompanyId: string | null;
  purposeSelect: string | null;
  purposeDescription: string | null;
  purposeKey: string | null;
  factoring: {
    limit: number;
    hasInternationalCustomers: boolean;
    annualSales: number;
    annualSalesAbroad: number | null;
  } | null;
  applicationCustomFields: CustomFieldValue[];
  dynamic: boolean;
  referrer: string | null;
  referralData: Record<string, string> | null;
}

export type ValidationResult = { ok: true; value: ValidApplication } | { ok: false; errors: ApiErrorItem[] };

const text = (v: string | null | undefined): string | null => {
  const t = v?.trim();
  return t ? t : null;
};

/** The first issue of a schema for one field (one error per field), as an API error item. */
function fieldError(field: string, schema: z.ZodType, value: unknown): ApiErrorItem | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const [item] = zodIssuesToItems(result.error.issues.slice(0, 1));
  if (!item) return null;
  const { values, ...rest } = item;
  return { ...rest, field, ...(values && item.code !== 'err_required' ? { values } : {}) };
}

/** Company fields the classic wizard requires; a dynamic form checks them only when sent outside the form. */
const COMPANY_RULES: { field: keyof CreateApplicationRequest; schema: z.ZodType; optional?: boolean }[] = [
  { field: 'street', schema: streetSchema },
  { field: 'houseNumber', schema: houseNumberSchema },
  { field: 'companyPostCode', schema: postcodeSchema },
  { field: 'companyLocation', schema: citySchema },
  { field: 'taxIdNumber', schema: companyTaxNumberSchema, optional: true },
  { field: 'businessPurpose', schema: businessPurposeSchema },
];

function limitError(field: string, value: number, limits: { min: number; max: number }): ApiErrorItem | null {
  if (value < limits.min) return { code: 'err_too_small', field, values: { min: limits.min } };
  if (value > limits.max) return { code: 'err_too_big', field, values: { max: limits.max } };
  return null;
}

export function validateApplication(partner: Partner, body: ApplicationInput, now: Date): ValidationResult {
  const errors: ApiErrorItem[] = [];
  const push = (e: ApiErrorItem | null) => {
    if (e && !errors.some((x) => x.field === e.field)) errors.push(e);
  };
  const loanType = body.allBanksLoanPurpose;
  const productType = productTypeOf(partner, loanType);
  const isFactoring = loanType === 'factoring';
  const dynamic = partner.is_dynamic_form;
  const form = partner.dynamic_form;

  if ((body.dynamic_form ?? false) !== dynamic) {
    push({ code: 'err_invalid_value', field: 'dynamic_form', values: { expected: String(dynamic) } });
  }

  // The dynamic form first, so that its field errors (with the form's own limits) win.
  let customFields: { field: FieldUi; scope: string; value: CustomFieldValue }[] = [];
  let formFields = new Set<string>();
  if (dynamic && form) {
    const result = validateDynamic(form, loanType, body, now);
    result.errors.forEach(push);
    customFields = result.custom;
    formFields = result.formFields;
  }

  // Company: name and country always; the rest as the wizard asks for it.
  push(fieldError('companyCountry', countrySchema, body.companyCountry));
  if (!formFields.has('companyName')) {
    if (!dynamic) push(fieldError('companyName', companyNameSchema, body.companyName));
    else if (!text(body.companyName)) push({ code: 'err_required', field: 'companyName' });
    else if (body.companyName.trim().length > 255) {
      push({ code: 'err_too_long', field: 'companyName', values: { max: 255 } });
    }
  }
  for (const rule of COMPANY_RULES) {
    if (formFields.has(rule.field)) continue;
    const value = body[rule.field] as string | undefined;
    if (dynamic && !text(value)) continue;
    push(fieldError(rule.field, rule.schema, rule.optional ? (value ?? '') : value));
  }
  if (!dynamic && !text(body.companyType)) push({ code: 'err_required', field: 'companyType' });
  if (body.foundation_date && !formFields.has('foundation_date')) {
    const date = parseDate(body.foundation_date);
    if (!date) push({ code: 'err_date_invalid', field: 'foundation_date' });
    else if (date > now.toISOString().slice(0, 10)) push({ code: 'err_date_too_late', field: 'foundation_date' });
  }

  // Loan purpose.
  const purposes = partner.loan_purposes.by_loan_type[loanType] ?? [];
  let purposeSelect = text(body.purposeSelect);
  if (purposeSelect && !purposes.includes(purposeSelect)) {
    push({ code: 'err_purpose_not_allowed', field: 'purposeSelect' });
  }
  if (!dynamic && !isFactoring) {
    if (purposes.length > 1 && !purposeSelect) push({ code: 'err_required', field: 'purposeSelect' });
    if (!purposeSelect && purposes.length === 1) purposeSelect = purposes[0]!;
    const onlyOther = purposes.length === 0 || (purposes.length === 1 && purposes[0] === 'other');
    if (purposeSelect === 'other' || onlyOther) {
      push(fieldError('purposeDescription', purposeDescriptionSchema, body.purposeDescription ?? undefined));
    } else if ((body.purposeDescription ?? '').trim().length > 700) {
      push({ code: 'err_too_long', field: 'purposeDescription', values: { max: 700 } });
    }
  }

  // Amount and duration within the product's limits (typed amounts above the slider need the entitlement).
  const customized = partner.entitlements.includes('customized_application_amounts');
  let amount: number | null = null;
  let durationMonths: number | null = null;
  if (!isFactoring) {
    amount = body.loanSize ?? null;
    durationMonths = body.loanDuration ?? null;
    if (amount === null) push({ code: 'err_required', field: 'loanSize' });
    else if (!Number.isInteger(amount)) push({ code: 'err_invalid_value', field: 'loanSize' });
    else push(limitError('loanSize', amount, amountLimits(productType, customized)));
    if (durationMonths === null) push({ code: 'err_required', field: 'loanDuration' });
    else if (!Number.isInteger(durationMonths)) push({ code: 'err_invalid_value', field: 'loanDuration' });
    else push(limitError('loanDuration', durationMonths, durationLimits(productType, customized)));
  }

  // Factoring: no amount or duration; a limit, the international question and last year's sales.
  let factoring: ValidApplication['factoring'] = null;
  if (isFactoring) {
    const limit = body.factoring_limit ?? null;
    const sales = body.annual_sales_previous_year ?? null;
    const abroad = body.annual_sales_previous_year_abroad ?? null;
    const intl = body.has_international_customers ?? null;
    if (limit === null) push({ code: 'err_required', field: 'factoring_limit' });
    else if (limit <= 0) push({ code: 'err_too_small', field: 'factoring_limit', values: { min: 0 } });
    else if (limit > FACTORING_AMOUNT_MAX) {
      push({ code: 'err_too_big', field: 'factoring_limit', values: { max: FACTORING_AMOUNT_MAX } });
    }
    if (intl === null) push({ code: 'err_required', field: 'has_international_customers' });
    if (sales === null) push({ code: 'err_required', field: 'annual_sales_previous_year' });
    else if (sales <= 0) push({ code: 'err_too_small', field: 'annual_sales_previous_year', values: { min: 0 } });
    else if (sales > FACTORING_AMOUNT_MAX) {
      push({ code: 'err_too_big', field: 'annual_sales_previous_year', values: { max: FACTORING_AMOUNT_MAX } });
    }
    if (abroad !== null && (abroad < 0 || abroad > FACTORING_AMOUNT_MAX)) {
      push({
        code: abroad < 0 ? 'err_too_small' : 'err_too_big',
        field: 'annual_sales_previous_year_abroad',
        values: abroad < 0 ? { min: 0 } : { max: FACTORING_AMOUNT_MAX },
      });
    } else if (abroad !== null && sales !== null && sales > 0 && abroad > sales) {
      push({ code: 'err_too_big', field: 'annual_sales_previous_year_abroad', values: { max: sales } });
    }
    if (limit !== null && sales !== null && intl !== null) {
      factoring = {
        limit,
        hasInternationalCustomers: intl,
        annualSales: sales,
        annualSalesAbroad: intl ? abroad : null,
      };
    }
  }

  if (errors.length) return { ok: false, errors };

  const byScope = (scope: string) => customFields.filter((c) => c.scope === scope).map((c) => c.value);
  return {
    ok: true,
    value: {
      loanType,
      productType,
      amount,
      durationMonths,
      displayDurationUnit: body.display_duration_unit,
      currency: body.currency,
      company: {
        name: body.companyName.trim(),
        street: text(body.street),
        houseNumber: text(body.houseNumber),
        postcode: text(body.companyPostCode),
        city: text(body.companyLocation),
        country: body.companyCountry,
        companyType: text(body.companyType),
        taxIdNumber: text(body.taxIdNumber),
        businessPurpose: text(body.businessPurpose),
        foundationDate: body.foundation_date ? parseDate(body.foundation_date) : null,
        customFields: byScope('company'),
      },
      companyId: text(body.company_id),
      externalCompanyId: text(body.external_provider_company_id) ?? text(body.companyCreditProviderId),
      purposeSelect,
      purposeDescription: text(body.purposeDescription),
      purposeKey: text(body.purpose_key),
      factoring,
      // Signatory fields have no signatory yet: they stay with the application.
      applicationCustomFields: [...byScope('application'), ...byScope('signatory')],
      dynamic,
      referrer: text(body.referrer),
      referralData: body.referral_data ?? null,
    },
  };
}

/**
 * The dynamic form of the loan type, checked with the browser's validator on the entered values
 * rebuilt from the request; custom fields come back converted (toSubmissionValue) with their scope.
 */
function validateDynamic(
  form: DynamicFormConfig,
  loanType: string,
  body: ApplicationInput,
  now: Date,
): {
  errors: ApiErrorItem[];
  custom: { field: FieldUi; scope: string; value: CustomFieldValue }[];
  formFields: Set<string>;
} {
  const list = body.custom_fields_list ?? [];
  const values = valuesFromSubmission(form, loanType, body as unknown as Record<string, unknown>, list);
  const errors: ApiErrorItem[] = validateDynamicSubmission(form, loanType, values, now).map((e) => ({
    code: e.code,
    field: e.field,
    ...(e.values ? { values: e.values } : {}),
  }));
  const fields = stepsOf(form, loanType).flatMap((s) => s.fields);
  const formFields = new Set(fields.map((f) => f.id));
  const customIds = new Set(fields.filter((f) => definitionOf(form, f.id)?.field_type === 'custom').map((f) => f.id));
  const seen = new Set<string>();
  // Without steps for the loan type the form has nothing to compare with (that error is reported).
  for (const entry of fields.length ? list : []) {
    if (!customIds.has(entry.field_id) || seen.has(entry.field_id)) {
      errors.push({ code: 'err_invalid_value', field: `custom_fields_list.${entry.field_id}` });
    }
    seen.add(entry.field_id);
  }
  const custom = fields.flatMap((field) => {
    const def = definitionOf(form, field.id);
    if (def?.field_type !== 'custom') return [];
    const value = toSubmissionValue(field, def, values[field.id]);
    return value === null ? [] : [{ field, scope: def.scope, value: { field_id: field.id, field_value: value } }];
  });
  return { errors, custom, formFields };
}

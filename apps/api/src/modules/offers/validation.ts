import type { z } from 'zod';
import {
  COMPANY_TEXT_FIELDS,
  createApplicationSchema,
  type ApplicationField,
  type ApplicationValues,
  type FieldIssue,
} from '@finportal/contracts/create-application';
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
import { purposeRules, rulesOfPartner } from '@finportal/contracts/eligibility';
import type { ApiErrorItem } from '@finportal/contracts/errors';
import type { createApplicationRequest } from '@finportal/contracts/offers';
import { productTypeOf, type LoanType } from '@finportal/contracts/partner';
import type { ProductType } from '@finportal/contracts/products';
import type { CustomFieldValue } from '../../db/schema.js';
import type { Partner } from '../../platform/tenancy.js';

/**
 * The input rules of POST /user/applications (spec 1 section 5): every failing field is
 * reported, nothing is stored. Classic partners get the wizard's rules as they are written once
 * in contracts/create-application (the wizard validates each step with the same schema);
 * dynamic partners the rules of their dynamic form (the browser's validator) plus the same
 * schema's rules for amount, duration, factoring and the fields sent outside the form. Whether
 * the partner finances a valid application is decided afterwards (eligibility.ts).
 */

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

const toItem = (issue: FieldIssue): ApiErrorItem => ({
  code: issue.code,
  field: issue.field,
  ...(issue.values ? { values: issue.values } : {}),
});

/** The request's fields that the dynamic form does not cover, checked with the classic rules when sent. */
const SENT_OUTSIDE_FORM: readonly ApplicationField[] = [...COMPANY_TEXT_FIELDS, 'taxIdNumber'];

/** Amount, duration and factoring: the same rules for both kinds of form. */
const LOAN_FIELDS: readonly ApplicationField[] = [
  'loanSize',
  'loanDuration',
  'factoring_limit',
  'has_international_customers',
  'annual_sales_previous_year',
  'annual_sales_previous_year_abroad',
];

export function validateApplication(partner: Partner, body: ApplicationInput, now: Date): ValidationResult {
  const errors: ApiErrorItem[] = [];
  const push = (e: ApiErrorItem | null) => {
    if (e && !errors.some((x) => x.field === e.field)) errors.push(e);
  };
  const rules = rulesOfPartner(partner);
  const schema = createApplicationSchema(rules);
  const values = body as ApplicationValues;
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

  if (!dynamic) {
    // The classic wizard: every input rule of the one create-application schema.
    for (const issue of schema.validate(values, now)) if (issue.kind === 'invalid') push(toItem(issue));
  } else {
    const check = (field: ApplicationField) => {
      const issue = schema.check(field, values);
      if (issue) push(toItem(issue));
    };
    check('companyCountry');
    if (!formFields.has('companyName')) {
      // A dynamic form without a name field: any name up to 255 characters (no search minimum).
      if (!text(body.companyName)) push({ code: 'err_required', field: 'companyName' });
      else if (body.companyName.trim().length > 255) {
        push({ code: 'err_too_long', field: 'companyName', values: { max: 255 } });
      }
    }
    for (const field of SENT_OUTSIDE_FORM) {
      if (!formFields.has(field) && text(body[field as keyof ApplicationInput] as string | undefined)) check(field);
    }
    const purpose = text(body.purposeSelect);
    if (purpose && !purposeRules(rules, loanType, purpose).purposes.includes(purpose)) {
      push({ code: 'err_purpose_not_allowed', field: 'purposeSelect' });
    }
    LOAN_FIELDS.forEach(check);
  }
  if (body.foundation_date && !formFields.has('foundation_date')) {
    const date = parseDate(body.foundation_date);
    if (!date) push({ code: 'err_date_invalid', field: 'foundation_date' });
    else if (date > now.toISOString().slice(0, 10)) push({ code: 'err_date_too_late', field: 'foundation_date' });
  }

  // Without a choice (one purpose) the purpose is implied.
  const purpose = purposeRules(rules, loanType, text(body.purposeSelect));
  const purposeSelect = text(body.purposeSelect) ?? (dynamic || isFactoring ? null : purpose.implicitPurpose);

  const amount = isFactoring ? null : (body.loanSize ?? null);
  const durationMonths = isFactoring ? null : (body.loanDuration ?? null);
  let factoring: ValidApplication['factoring'] = null;
  if (isFactoring) {
    const limit = body.factoring_limit ?? null;
    const sales = body.annual_sales_previous_year ?? null;
    const intl = body.has_international_customers ?? null;
    if (limit !== null && sales !== null && intl !== null) {
      factoring = {
        limit,
        hasInternationalCustomers: intl,
        annualSales: sales,
        annualSalesAbroad: intl ? (body.annual_sales_previous_year_abroad ?? null) : null,
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

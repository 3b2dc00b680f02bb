import { z } from 'zod';
import { CURRENCIES, LANGUAGES } from './constants.js';

/**
 * Dynamic application form (spec 1 sections 2 and 5, spec 2 section 3). The partner file
 * carries it as `dynamic_form`; GET /dynamic_forms_config?dynamic_forms_name=application
 * answers `{ ui_config, definitions }`. The same validator runs in the browser (Next) and in
 * the API (POST /user/applications).
 */

export const i18nText = z.partialRecord(z.enum(LANGUAGES), z.string().min(1));
export type I18nText = z.infer<typeof i18nText>;

export const UI_TYPES = [
  'loan_amount',
  'loan_duration',
  'company_name_search',
  'countries_list',
  'loan_types',
  'loan_purposes',
  'company_types',
  'select',
  'input',
  'input_number',
  'textarea',
  'radio',
  'checkbox',
  'date',
] as const;
export type UiType = (typeof UI_TYPES)[number];

export const VALIDATION_KINDS = [
  'required',
  'minLength',
  'maxLength',
  'regex',
  'min',
  'max',
  'date_from',
  'date_to',
] as const;

export const validationRule = z.strictObject({
  kind: z.enum(VALIDATION_KINDS),
  /** number for minLength/maxLength/min/max; pattern for regex; date (config format) or 'today' / '+Nd' / '-Ny' for dates. */
  value: z.union([z.number(), z.string()]).optional(),
  /** Error text shown instead of the generic message (a required checkbox uses it). */
  message: i18nText.optional(),
});
export type ValidationRule = z.infer<typeof validationRule>;

export const fieldUi = z.strictObject({
  id: z.string().min(1),
  ui_type: z.enum(UI_TYPES),
  label: i18nText,
  help: i18nText.optional(),
  placeholder: i18nText.optional(),
  options: z.array(z.strictObject({ value: z.string(), label: i18nText })).optional(),
  validation: z.array(validationRule).default([]),
  /** percent: entered as %, stored as a decimal; years: entered in years, stored in months (x12). */
  unit: z.enum(['percent', 'years', 'months', 'currency']).optional(),
  /** Display/entry format of a date field, e.g. DD.MM.YYYY; stored as YYYY-MM-DD. */
  date_format: z.string().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  step: z.number().optional(),
});
export type FieldUi = z.infer<typeof fieldUi>;

export const stepUi = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: i18nText,
  fields: z.array(fieldUi).min(1),
});
export type StepUi = z.infer<typeof stepUi>;

export const VALUE_TYPES = ['text', 'int', 'decimal', 'boolean', 'date'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

export const dynamicFormConfig = z.strictObject({
  ui_config: z.strictObject({
    /** Per loan purpose (loan type) its steps. */
    loan_purposes: z.record(z.string(), z.strictObject({ steps: z.array(stepUi).min(1) })),
  }),
  definitions: z.strictObject({
    fields: z.array(
      z.strictObject({
        id: z.string(),
        field_type: z.enum(['standard', 'custom']),
        value_type: z.enum(VALUE_TYPES),
        /** Where a custom field is stored. */
        scope: z.enum(['company', 'application', 'signatory']).default('application'),
      }),
    ),
    loan_purposes: z.array(
      z.strictObject({
        name: z.string(),
        fields: z.array(z.string()),
        currencies: z.array(z.enum(CURRENCIES)).min(1),
      }),
    ),
  }),
});
export type DynamicFormConfig = z.infer<typeof dynamicFormConfig>;

export const dynamicFormsConfigQuery = z.object({
  dynamic_forms_name: z.enum(['application', 'signatory'], { error: 'err_invalid_value' }),
});

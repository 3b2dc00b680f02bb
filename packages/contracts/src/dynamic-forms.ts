import { z } from 'zod';
import { CURRENCIES, LANGUAGES } from './constants.js';
import type { ErrorCode } from './errors.js';
import { hasControlCharacters, hasControlCharactersInText } from './control-characters.js';
import { formatDate, ISO_FORMAT, parseDate, RELATIVE_DATE, resolveDateBound, toIso } from './form-dates.js';

export { formatDate, parseDate, resolveDateBound };

/**
 * Dynamic application form (spec 1 sections 2 and 5, spec 2 section 3). The partner file
 * carries it as `dynamic_form`; GET /dynamic_forms_config?dynamic_forms_name=application
 * answers `{ ui_config, definitions }`. The same validator runs in the browser (Next) and in
 * the API (POST /user/applications).
 *
 * Values: the wizard keeps the *entered* value of every field by field id (`DynamicValues`:
 * a number in the entered unit (a percentage as entered, a duration in years; text that the
 * number field could not read stays text and is refused, see parseNumber), a date as typed in
 * the field's date_format or as YYYY-MM-DD). `validateDynamicStep` / `validateDynamicSubmission`
 * check entered values;
 * `toSubmissionValue` turns one into what is sent and stored (percent → decimal, years →
 * months, date → YYYY-MM-DD); `buildDynamicSubmission` splits a whole form into the
 * request's standard fields and its `custom_fields_list`; the API turns a request back into
 * entered values with `valuesFromSubmission` and runs the same validator.
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
export type ValidationKind = (typeof VALIDATION_KINDS)[number];

/**
 * Standard fields are request fields of POST /user/applications (their id is the wire name);
 * every other field is a custom field, sent in `custom_fields_list` and stored by its scope.
 */
export const STANDARD_FIELD_IDS = [
  'allBanksLoanPurpose',
  'loanSize',
  'loanDuration',
  'currency',
  'companyCountry',
  'companyName',
  'companyType',
  'street',
  'houseNumber',
  'companyPostCode',
  'companyLocation',
  'taxIdNumber',
  'businessPurpose',
  'purposeSelect',
  'purposeDescription',
  'foundation_date',
  'factoring_limit',
  'has_international_customers',
  'annual_sales_previous_year',
  'annual_sales_previous_year_abroad',
] as const;
export type StandardFieldId = (typeof STANDARD_FIELD_IDS)[number];

/** The standard field that a special UI type edits (its field id must be this one). */
export const UI_TYPE_FIELD: Partial<Record<UiType, StandardFieldId>> = {
  loan_types: 'allBanksLoanPurpose',
  loan_amount: 'loanSize',
  loan_duration: 'loanDuration',
  countries_list: 'companyCountry',
  company_name_search: 'companyName',
  company_types: 'companyType',
  loan_purposes: 'purposeSelect',
};

export const validationRule = z.strictObject({
  kind: z.enum(VALIDATION_KINDS),
  /**
   * minLength/maxLength/min/max: a number; regex: a pattern (whole value, e.g. `^[0-9]{4,5}$`);
   * date_from/date_to: a date in the field's date_format or YYYY-MM-DD, `today`, or relative
   * to today: `+30d`, `-2w`, `+6m`, `-10y`.
   */
  value: z.union([z.number(), z.string()]).optional(),
  /** Error text shown instead of the generic message (a required checkbox uses it). */
  message: i18nText.optional(),
});
export type ValidationRule = z.infer<typeof validationRule>;

export const fieldUi = z.strictObject({
  id: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/),
  ui_type: z.enum(UI_TYPES),
  label: i18nText,
  help: i18nText.optional(),
  placeholder: i18nText.optional(),
  /** select and radio: the choices (a boolean field uses the values "true" and "false"). */
  options: z.array(z.strictObject({ value: z.string(), label: i18nText })).optional(),
  validation: z.array(validationRule).default([]),
  /** percent: entered as %, stored as a decimal; years: entered in years, stored in months (x12). */
  unit: z.enum(['percent', 'years', 'months', 'currency']).optional(),
  /** Display/entry format of a date field, e.g. DD.MM.YYYY (tokens DD, MM, YYYY); stored as YYYY-MM-DD. */
  date_format: z.string().optional(),
  /** Slider / number input bounds in the entered unit; enforced like min/max rules. */
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

export const CUSTOM_FIELD_SCOPES = ['company', 'application', 'signatory'] as const;
export type CustomFieldScope = (typeof CUSTOM_FIELD_SCOPES)[number];

export const fieldDefinition = z.strictObject({
  id: z.string(),
  field_type: z.enum(['standard', 'custom']),
  value_type: z.enum(VALUE_TYPES),
  /** Where a custom field is stored. */
  scope: z.enum(CUSTOM_FIELD_SCOPES).default('application'),
});
export type FieldDefinition = z.infer<typeof fieldDefinition>;

/** Special date strings that are not dates (relative bounds). */
function isDateBound(value: string, format: string | undefined): boolean {
  return value === 'today' || RELATIVE_DATE.test(value) || parseDate(value, format) !== null;
}

const NUMBER_KINDS: ValidationKind[] = ['minLength', 'maxLength', 'min', 'max'];
const NUMERIC_UI: UiType[] = ['loan_amount', 'loan_duration', 'input_number'];

export const dynamicFormConfig = z
  .strictObject({
    ui_config: z.strictObject({
      /** Per loan purpose (the loan type chosen with `loan_types`, e.g. working_capital_loan) its steps. */
      loan_purposes: z.record(z.string(), z.strictObject({ steps: z.array(stepUi).min(1) })),
    }),
    definitions: z.strictObject({
      fields: z.array(fieldDefinition),
      loan_purposes: z.array(
        z.strictObject({
          name: z.string(),
          fields: z.array(z.string()),
          currencies: z.array(z.enum(CURRENCIES)).min(1),
        }),
      ),
    }),
  })
  .superRefine((config, ctx) => {
    const defs = new Map(config.definitions.fields.map((d) => [d.id, d]));
    const lpDefs = new Map(config.definitions.loan_purposes.map((lp) => [lp.name, lp]));
    const standard = new Set<string>(STANDARD_FIELD_IDS);
    config.definitions.fields.forEach((d, i) => {
      const path = ['definitions', 'fields', i, 'id'];
      if (d.field_type === 'standard' && !standard.has(d.id)) {
        ctx.addIssue({
          code: 'custom',
          path,
          message: `"${d.id}" is no standard field (one of ${STANDARD_FIELD_IDS.join(', ')})`,
        });
      }
      if (d.field_type === 'custom' && standard.has(d.id)) {
        ctx.addIssue({ code: 'custom', path, message: `"${d.id}" is a standard field name` });
      }
    });
    config.definitions.loan_purposes.forEach((lp, i) => {
      if (!config.ui_config.loan_purposes[lp.name]) {
        ctx.addIssue({
          code: 'custom',
          path: ['definitions', 'loan_purposes', i, 'name'],
          message: `loan purpose "${lp.name}" has no steps in ui_config.loan_purposes`,
        });
      }
      lp.fields.forEach((id, j) => {
        if (!defs.has(id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['definitions', 'loan_purposes', i, 'fields', j],
            message: `field "${id}" is not declared in definitions.fields`,
          });
        }
      });
    });
    for (const [name, { steps }] of Object.entries(config.ui_config.loan_purposes)) {
      const base = ['ui_config', 'loan_purposes', name];
      const lp = lpDefs.get(name);
      if (!lp) {
        ctx.addIssue({
          code: 'custom',
          path: base,
          message: `loan purpose "${name}" is not declared in definitions.loan_purposes`,
        });
      }
      const seenSteps = new Set<string>();
      const seenFields = new Set<string>();
      steps.forEach((step, s) => {
        if (seenSteps.has(step.id)) {
          ctx.addIssue({ code: 'custom', path: [...base, 'steps', s, 'id'], message: `duplicate step "${step.id}"` });
        }
        seenSteps.add(step.id);
        step.fields.forEach((field, f) => {
          const path = [...base, 'steps', s, 'fields', f];
          const issue = (message: string, sub: (string | number)[] = ['id']) =>
            ctx.addIssue({ code: 'custom', path: [...path, ...sub], message });
          if (seenFields.has(field.id)) issue(`field "${field.id}" is used twice`);
          seenFields.add(field.id);
          const def = defs.get(field.id);
          if (!def) {
            issue(`field "${field.id}" is not declared in definitions.fields`);
            return;
          }
          if (lp && !lp.fields.includes(field.id)) {
            issue(`field "${field.id}" is not listed in definitions.loan_purposes "${name}".fields`);
          }
          const expected = UI_TYPE_FIELD[field.ui_type];
          if (expected && field.id !== expected) issue(`a ${field.ui_type} field must have the id "${expected}"`);
          if (field.ui_type === 'checkbox' && def.value_type !== 'boolean') issue('a checkbox has value_type boolean');
          if (field.ui_type === 'date' && def.value_type !== 'date') issue('a date field has value_type date');
          if (def.value_type === 'date' && field.ui_type !== 'date') issue('a value_type date needs ui_type date');
          if (NUMERIC_UI.includes(field.ui_type) && def.value_type !== 'int' && def.value_type !== 'decimal') {
            issue(`a ${field.ui_type} field has value_type int or decimal`);
          }
          if ((field.ui_type === 'select' || field.ui_type === 'radio') && !field.options?.length) {
            issue(`a ${field.ui_type} field needs options`, ['options']);
          }
          field.validation.forEach((rule, r) => {
            const at = ['validation', r, 'value'];
            if (NUMBER_KINDS.includes(rule.kind) && typeof rule.value !== 'number') {
              issue(`${rule.kind} needs a number`, at);
            }
            if (rule.kind === 'regex') {
              try {
                if (typeof rule.value !== 'string') throw new Error('no pattern');
                new RegExp(rule.value, 'u');
              } catch {
                issue('regex needs a valid pattern', at);
              }
            }
            if (rule.kind === 'date_from' || rule.kind === 'date_to') {
              if (typeof rule.value !== 'string' || !isDateBound(rule.value, field.date_format)) {
                issue(`${rule.kind} needs a date, "today" or a relative date like -10y`, at);
              }
            }
          });
        });
      });
    }
  });
export type DynamicFormConfig = z.infer<typeof dynamicFormConfig>;

/** GET /dynamic_forms_config answers the partner's form as it is configured. */
export const dynamicFormsConfigResponse = dynamicFormConfig;
export type DynamicFormsConfigResponse = DynamicFormConfig;

export const dynamicFormsConfigQuery = z.object({
  dynamic_forms_name: z.enum(['application', 'signatory'], { error: 'err_invalid_value' }),
});

// ---------------------------------------------------------------------------------------
// Validation and conversion (pure; the browser and the API use the same functions)
// ---------------------------------------------------------------------------------------

/** The entered values of a dynamic form, by field id. */
export type DynamicValues = Record<string, unknown>;

export interface DynamicFieldError {
  /** The field id. */
  field: string;
  code: ErrorCode;
  values?: Record<string, string | number>;
  /** The rule's own text (e.g. a required consent checkbox); show it instead of the code's text. */
  message?: I18nText;
}

export type SubmissionValue = string | number | boolean | null;

/** The loan purposes (loan types) the form has steps for, in configuration order. */
export function loanPurposesOf(config: DynamicFormConfig): string[] {
  return Object.keys(config.ui_config.loan_purposes);
}

/** The steps of a loan purpose; [] when the form has none for it. */
export function stepsOf(config: DynamicFormConfig, loanPurpose: string): StepUi[] {
  return config.ui_config.loan_purposes[loanPurpose]?.steps ?? [];
}

/** The fields of one step; [] for an unknown loan purpose or step. */
export function fieldsOfStep(config: DynamicFormConfig, loanPurpose: string, stepId: string): FieldUi[] {
  return stepsOf(config, loanPurpose).find((s) => s.id === stepId)?.fields ?? [];
}

export function definitionOf(config: DynamicFormConfig, fieldId: string): FieldDefinition | undefined {
  return config.definitions.fields.find((d) => d.id === fieldId);
}

/** The currencies a loan purpose may be requested in ([] when the form does not declare it). */
export function currenciesOf(config: DynamicFormConfig, loanPurpose: string): string[] {
  return config.definitions.loan_purposes.find((lp) => lp.name === loanPurpose)?.currencies ?? [];
}

/**
 * Validates the entered values of one step: every error of every field (at most one per rule).
 * `now` decides what `today` is (its UTC calendar date).
 */
export function validateDynamicStep(
  config: DynamicFormConfig,
  loanPurpose: string,
  stepId: string,
  values: DynamicValues,
  now: Date = new Date(),
): DynamicFieldError[] {
  return fieldsOfStep(config, loanPurpose, stepId).flatMap((field) =>
    validateField(field, definitionOf(config, field.id), values[field.id], now),
  );
}

/** Validates every step of a loan purpose; an unknown loan purpose is an error on `allBanksLoanPurpose`. */
export function validateDynamicSubmission(
  config: DynamicFormConfig,
  loanPurpose: string,
  values: DynamicValues,
  now: Date = new Date(),
): DynamicFieldError[] {
  if (!config.ui_config.loan_purposes[loanPurpose]) {
    return [{ field: 'allBanksLoanPurpose', code: 'err_loan_type_not_allowed' }];
  }
  return stepsOf(config, loanPurpose).flatMap((step) => validateDynamicStep(config, loanPurpose, step.id, values, now));
}

/** Empty: undefined, null, a blank string; an unticked checkbox counts as empty for `required`. */
export function isEmptyValue(field: Pick<FieldUi, 'ui_type'>, raw: unknown): boolean {
  if (raw === undefined || raw === null) return true;
  if (typeof raw === 'string') return raw.trim() === '';
  if (field.ui_type === 'checkbox') return raw !== true;
  return false;
}

/** One field's errors. Without a definition the field is treated as text. */
export function validateField(
  field: FieldUi,
  definition: Pick<FieldDefinition, 'value_type'> | undefined,
  raw: unknown,
  now: Date = new Date(),
): DynamicFieldError[] {
  const valueType = definition?.value_type ?? 'text';
  const rules = field.validation;
  const error = (code: ErrorCode, rule?: ValidationRule, values?: Record<string, string | number>) => ({
    field: field.id,
    code,
    ...(values ? { values } : {}),
    ...(rule?.message ? { message: rule.message } : {}),
  });
  if (isEmptyValue(field, raw)) {
    const required = rules.find((r) => r.kind === 'required');
    if (!required) return [];
    return [error(field.ui_type === 'checkbox' ? 'err_custom_field_required' : 'err_required', required)];
  }

  const parsed = parseEntered(valueType, field, raw);
  if (parsed === undefined) return [error(valueType === 'date' ? 'err_date_invalid' : 'err_invalid_value')];
  // Control characters (NUL, ESC, bidirectional overrides...) in no text; line breaks in a text area only.
  if (typeof parsed === 'string' && valueType === 'text') {
    const controls = field.ui_type === 'textarea' ? hasControlCharactersInText : hasControlCharacters;
    if (controls(parsed)) return [error('err_invalid_characters')];
  }
  if (valueType === 'int' && !Number.isInteger(convertNumber(field, parsed as number))) {
    return [error('err_invalid_value')];
  }
  if (field.options?.length && !field.options.some((o) => o.value === String(raw).trim())) {
    return [error('err_invalid_value')];
  }

  const errors: DynamicFieldError[] = [];
  const text = typeof raw === 'string' ? raw.trim() : String(raw);
  const hasRule = (kind: ValidationKind) => rules.some((r) => r.kind === kind);
  const numberRules: ValidationRule[] = [
    ...rules,
    ...(field.min !== undefined && !hasRule('min') ? [{ kind: 'min' as const, value: field.min }] : []),
    ...(field.max !== undefined && !hasRule('max') ? [{ kind: 'max' as const, value: field.max }] : []),
  ];
  for (const rule of numberRules) {
    const n = typeof rule.value === 'number' ? rule.value : Number(rule.value);
    switch (rule.kind) {
      case 'minLength':
        if (text.length < n) errors.push(error('err_too_short', rule, { min: n }));
        break;
      case 'maxLength':
        if (text.length > n) errors.push(error('err_too_long', rule, { max: n }));
        break;
      case 'regex':
        if (!new RegExp(String(rule.value), 'u').test(text)) errors.push(error('err_pattern_mismatch', rule));
        break;
      case 'min':
        if (typeof parsed === 'number' && parsed < n) errors.push(error('err_too_small', rule, { min: n }));
        break;
      case 'max':
        if (typeof parsed === 'number' && parsed > n) errors.push(error('err_too_big', rule, { max: n }));
        break;
      case 'date_from':
      case 'date_to': {
        if (typeof parsed !== 'string' || valueType !== 'date') break;
        const bound = resolveDateBound(String(rule.value), field.date_format, now);
        if (!bound) break;
        const fmt = field.date_format ?? ISO_FORMAT;
        if (rule.kind === 'date_from' && parsed < bound) {
          errors.push(error('err_date_too_early', rule, { min: formatDate(bound, fmt) }));
        }
        if (rule.kind === 'date_to' && parsed > bound) {
          errors.push(error('err_date_too_late', rule, { max: formatDate(bound, fmt) }));
        }
        break;
      }
      case 'required':
        break;
    }
  }
  return errors;
}

/**
 * The value to send and store for an entered value: text trimmed; int and decimal numbers
 * (text only in its language-neutral form, see parseNumber), percent ÷ 100 (12.5 → 0.125),
 * years × 12 (4 → 48 months, rounded for int); boolean from true/false ("true"/"false" of a radio); a date in the field's
 * format (or YYYY-MM-DD, or a Date) → YYYY-MM-DD. Empty or unreadable → null.
 */
export function toSubmissionValue(
  field: FieldUi,
  definition: Pick<FieldDefinition, 'value_type'> | undefined,
  raw: unknown,
): SubmissionValue {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
  const valueType = definition?.value_type ?? 'text';
  const parsed = parseEntered(valueType, field, raw);
  if (parsed === undefined) return null;
  if (valueType === 'int') return Math.round(convertNumber(field, parsed as number));
  if (valueType === 'decimal') return convertNumber(field, parsed as number);
  return parsed;
}

/**
 * The inverse of toSubmissionValue (the API uses it to validate a request with the browser's
 * validator): decimal × 100 for percent, months ÷ 12 for years, YYYY-MM-DD → the field's
 * date_format. A value of the wrong type is handed back unchanged, a date string that is not
 * YYYY-MM-DD as an invalid Date (so the validator flags it).
 */
export function fromSubmissionValue(
  field: FieldUi,
  definition: Pick<FieldDefinition, 'value_type'> | undefined,
  stored: unknown,
): unknown {
  if (stored === undefined || stored === null) return stored;
  const valueType = definition?.value_type ?? 'text';
  if (valueType === 'int' || valueType === 'decimal') {
    if (typeof stored !== 'number' || !Number.isFinite(stored)) return stored;
    if (field.unit === 'percent') return round10(stored * 100);
    if (field.unit === 'years') return round10(stored / 12);
    return stored;
  }
  if (valueType === 'date') {
    if (typeof stored !== 'string') return stored;
    // Only YYYY-MM-DD is a submitted date; anything else reads as an invalid date.
    if (parseDate(stored, ISO_FORMAT) === null || !/^\d{4}-\d{2}-\d{2}$/.test(stored)) return new Date(Number.NaN);
    return field.date_format ? formatDate(stored, field.date_format) : stored;
  }
  if (valueType === 'boolean') {
    if (typeof stored !== 'boolean') return stored;
    return field.ui_type === 'checkbox' ? stored : String(stored);
  }
  return stored;
}

export interface DynamicSubmission {
  /** Standard fields by wire name (loanSize, companyName, ...), converted. */
  standard: Partial<Record<StandardFieldId, SubmissionValue>>;
  custom_fields_list: { field_id: string; field_value: SubmissionValue }[];
}

/** Splits the entered values of every step of a loan purpose into the request's parts. */
export function buildDynamicSubmission(
  config: DynamicFormConfig,
  loanPurpose: string,
  values: DynamicValues,
): DynamicSubmission {
  const out: DynamicSubmission = { standard: {}, custom_fields_list: [] };
  for (const step of stepsOf(config, loanPurpose)) {
    for (const field of step.fields) {
      const def = definitionOf(config, field.id);
      const value = toSubmissionValue(field, def, values[field.id]);
      if (def?.field_type === 'standard') out.standard[field.id as StandardFieldId] = value;
      else if (value !== null) out.custom_fields_list.push({ field_id: field.id, field_value: value });
    }
  }
  return out;
}

/**
 * The entered values of a request (standard fields from the body, custom fields from
 * custom_fields_list), for validateDynamicSubmission on the server.
 */
export function valuesFromSubmission(
  config: DynamicFormConfig,
  loanPurpose: string,
  body: Record<string, unknown>,
  customFields: readonly { field_id: string; field_value: unknown }[] = [],
): DynamicValues {
  const custom = new Map(customFields.map((c) => [c.field_id, c.field_value]));
  const values: DynamicValues = {};
  for (const step of stepsOf(config, loanPurpose)) {
    for (const field of step.fields) {
      const def = definitionOf(config, field.id);
      const stored = def?.field_type === 'standard' ? body[field.id] : custom.get(field.id);
      values[field.id] = fromSubmissionValue(field, def, stored);
    }
  }
  return values;
}

// ---------------------------------------------------------------------------------------
// Numbers and dates
// ---------------------------------------------------------------------------------------

const round10 = (n: number) => Math.round(n * 1e10) / 1e10;

function convertNumber(field: Pick<FieldUi, 'unit'>, n: number): number {
  if (field.unit === 'percent') return round10(n / 100);
  if (field.unit === 'years') return round10(n * 12);
  return n;
}

/**
 * The entered value of a number field: a finite number, or text in the one form that reads the same
 * in every language (digits, optionally one `,` or `.` and one or two fraction digits: "25",
 * "12,5", "1250000.50"). Other text is not a number here: "1.200" is 1200 in German and 1.2 in
 * English, so only the number field, which knows the user's language, reads it
 * (`parseLocaleNumber` of ./numbers); what that field cannot read stays text and is refused.
 */
export function parseNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw !== 'string') return undefined;
  const s = raw.trim();
  if (!/^[-+]?\d+([.,]\d{1,2})?$/.test(s)) return undefined;
  return Number(s.replace(',', '.'));
}

/** The entered value read by its type (numbers in the entered unit), or undefined when unreadable. */
function parseEntered(
  valueType: ValueType,
  field: Pick<FieldUi, 'date_format'>,
  raw: unknown,
): string | number | boolean | undefined {
  switch (valueType) {
    case 'int':
    case 'decimal':
      return parseNumber(raw);
    case 'boolean':
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true') return true;
      if (raw === 'false') return false;
      return undefined;
    case 'date': {
      if (raw instanceof Date) {
        if (Number.isNaN(raw.getTime())) return undefined;
        return toIso(raw.getFullYear(), raw.getMonth() + 1, raw.getDate());
      }
      if (typeof raw !== 'string') return undefined;
      const s = raw.trim();
      return parseDate(s, field.date_format) ?? parseDate(s, ISO_FORMAT) ?? undefined;
    }
    case 'text':
      if (typeof raw === 'string') return raw.trim();
      if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
      return undefined;
  }
}

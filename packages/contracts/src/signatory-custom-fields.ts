import type { CustomFieldEntry } from './applications.js';
import {
  definitionOf,
  dynamicFormConfig,
  fromSubmissionValue,
  stepsOf,
  toSubmissionValue,
  validateField,
  type DynamicFormConfig,
  type FieldDefinition,
  type FieldUi,
  type I18nText,
} from './dynamic-forms.js';
import type { RuleError } from './rule-error.js';

/**
 * Signatory custom fields (spec 2 section 3: custom field scope `signatory`; issue 10, ADR 014):
 * the partner's `signatory_form`, answered by GET /dynamic_forms_config?dynamic_forms_name=signatory
 * in the shape of the application form (ui_config.loan_purposes per loan type, definitions), so a
 * partner asks each representative what the loan type needs. Every field of it is a custom field
 * of scope `signatory`, stored per representative (`custom_fields_list` of the signatory) in its
 * value type, as the dashboard's custom fields are (percent as a decimal, years as months, dates
 * YYYY-MM-DD). The same validator as the wizard judges the values, in the browser and in the API.
 */

/** The signatory form: the dynamic form's shape, every field custom with scope signatory. */
export const signatoryFormConfig = dynamicFormConfig.superRefine((config, ctx) => {
  config.definitions.fields.forEach((d, i) => {
    if (d.field_type !== 'custom' || d.scope !== 'signatory') {
      ctx.addIssue({
        code: 'custom',
        path: ['definitions', 'fields', i],
        message: `"${d.id}": every field of the signatory form has field_type custom and scope signatory`,
      });
    }
  });
});
export type SignatoryFormConfig = DynamicFormConfig;

/** Dates without a configured format are shown and typed as DD.MM.YYYY (spec 2 section 5; stored YYYY-MM-DD). */
export const CUSTOM_FIELD_DATE_FORMAT = 'DD.MM.YYYY';

/** One custom field a representative answers: its form field and its definition. */
export interface SignatoryCustomField {
  field: FieldUi;
  definition: FieldDefinition;
}

/** The error path of a signatory custom field (the API's field errors, the form's server errors). */
export const customFieldPath = (fieldId: string) => `custom_fields_list.${fieldId}` as const;

/** The signatory form's fields for a loan type, in form order ([] without a form or for a loan type it has no steps for). */
export function signatoryCustomFields(
  config: SignatoryFormConfig | null | undefined,
  loanType: string,
): SignatoryCustomField[] {
  if (!config) return [];
  return stepsOf(config, loanType).flatMap((step) =>
    step.fields.flatMap((field): SignatoryCustomField[] => {
      const definition = definitionOf(config, field.id);
      if (!definition) return [];
      const withFormat =
        field.ui_type === 'date' && !field.date_format ? { ...field, date_format: CUSTOM_FIELD_DATE_FORMAT } : field;
      return [{ field: withFormat, definition }];
    }),
  );
}

/** A custom field's issue: the field id and its rule's error (with the rule's own text, if it has one). */
export interface CustomFieldIssue extends RuleError {
  field_id: string;
  message?: I18nText;
}

/**
 * The issues of custom field values: each configured field judged by the wizard's validator (at
 * most one issue per field: its first). A stored value of a field the form no longer has is not
 * judged (the person cannot see or change it); `unknownCustomFields` refuses one in a request.
 * `now` decides what `today` is.
 */
export function customFieldIssues(
  entries: readonly CustomFieldEntry[] | null | undefined,
  fields: readonly SignatoryCustomField[],
  now: Date = new Date(),
): CustomFieldIssue[] {
  const values = new Map((entries ?? []).map((e) => [e.field_id, e.field_value]));
  return fields.flatMap(({ field, definition }): CustomFieldIssue[] => {
    const entered = fromSubmissionValue(field, definition, values.get(field.id) ?? null);
    const [first] = validateField(field, definition, entered, now);
    if (!first) return [];
    return [
      {
        field_id: field.id,
        code: first.code,
        ...(first.values ? { values: first.values } : {}),
        ...(first.message ? { message: first.message } : {}),
      },
    ];
  });
}

/** A request's values for fields the form does not have (err_invalid_value; a null removes nothing and passes). */
export function unknownCustomFields(
  entries: readonly CustomFieldEntry[] | null | undefined,
  fields: readonly SignatoryCustomField[],
): CustomFieldIssue[] {
  const known = new Set(fields.map((f) => f.field.id));
  return (entries ?? [])
    .filter((e) => !known.has(e.field_id) && e.field_value !== null)
    .map((e) => ({ field_id: e.field_id, code: 'err_invalid_value' as const }));
}

/** The values after a change, as sent: a changed field replaces its old value by field id, a null value removes it. */
export function withCustomFieldChanges(
  existing: readonly CustomFieldEntry[],
  changes: readonly CustomFieldEntry[],
): CustomFieldEntry[] {
  const byId = new Map(existing.map((e) => [e.field_id, e]));
  for (const change of changes) {
    if (change.field_value === null) byId.delete(change.field_id);
    else byId.set(change.field_id, change);
  }
  return [...byId.values()];
}

/**
 * Values as they are stored (once `customFieldIssues` found none): each in its field's value type
 * ("30" → 30, "true" → true, text trimmed), as the wizard stores it; a value of a field the form no
 * longer has stays as it was (nothing typed is lost when a partner changes its form).
 */
export function storedCustomFields(
  entries: readonly CustomFieldEntry[],
  fields: readonly SignatoryCustomField[],
): CustomFieldEntry[] {
  return entries.flatMap((entry): CustomFieldEntry[] => {
    const configured = fields.find((f) => f.field.id === entry.field_id);
    if (!configured) return [entry];
    const entered = fromSubmissionValue(configured.field, configured.definition, entry.field_value);
    const value = toSubmissionValue(configured.field, configured.definition, entered);
    return value === null ? [] : [{ field_id: entry.field_id, field_value: value }];
  });
}

/** The field ids whose stored value differs between two lists of custom field values. */
export function changedCustomFields(before: readonly CustomFieldEntry[], after: readonly CustomFieldEntry[]): string[] {
  const a = new Map(before.map((e) => [e.field_id, e.field_value]));
  const b = new Map(after.map((e) => [e.field_id, e.field_value]));
  return [...new Set([...a.keys(), ...b.keys()])].filter((id) => (a.get(id) ?? null) !== (b.get(id) ?? null));
}

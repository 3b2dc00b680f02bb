import type { Application, CustomFieldEntry } from '@finportal/contracts/applications';
import {
  definitionOf,
  stepsOf,
  validateField,
  type DynamicFormConfig,
  type FieldDefinition,
  type FieldUi,
  type StepUi,
} from '@finportal/contracts/dynamic-forms';
import { CUSTOM_FIELD_DATE_FORMAT } from '@finportal/contracts/signatory-custom-fields';
import { fieldErrorMessage } from '../../../components/dynamic-form-field/field-errors';
import { entryValue, type EntryValue, type FieldItem } from '../../../components/dynamic-form-field/field-values';

export {
  displayValue,
  entryValue,
  submissionEntries,
  type DisplayTexts,
  type EntryValue,
} from '../../../components/dynamic-form-field/field-values';

/**
 * Custom fields of the dashboard (spec 2 sections 3 and 5): the dynamic form's fields with
 * field_type 'custom' and scope company or application, grouped by the step of the application's
 * loan type they belong to. Stored values (YYYY-MM-DD, percent as decimal, years as months) are
 * shown and edited like the wizard enters them (contract's fromSubmissionValue / toSubmissionValue).
 */

/** Dates without a configured format are shown and typed as DD.MM.YYYY (stored as YYYY-MM-DD). */
export const DEFAULT_DATE_FORMAT = CUSTOM_FIELD_DATE_FORMAT;

export interface CustomFieldItem {
  field: FieldUi;
  definition: FieldDefinition;
  scope: 'company' | 'application';
}

export interface CustomFieldGroup {
  step: StepUi;
  items: CustomFieldItem[];
}

/** The steps of the loan type that have custom fields (company or application scope), in form order. */
export function customFieldGroups(config: DynamicFormConfig, loanPurpose: string): CustomFieldGroup[] {
  return stepsOf(config, loanPurpose)
    .map((step) => ({
      step,
      items: step.fields.flatMap((field): CustomFieldItem[] => {
        const definition = definitionOf(config, field.id);
        if (definition?.field_type !== 'custom') return [];
        // The scope defaults to application (the schema's default when the config was not parsed).
        const scope = definition.scope ?? 'application';
        if (scope === 'signatory') return [];
        const withFormat =
          field.ui_type === 'date' && !field.date_format ? { ...field, date_format: DEFAULT_DATE_FORMAT } : field;
        return [{ field: withFormat, definition, scope }];
      }),
    }))
    .filter((group) => group.items.length > 0);
}

/** The stored value: company scope from the company, application scope from the application; null when absent. */
export function storedValue(application: Application, item: CustomFieldItem): CustomFieldEntry['field_value'] {
  const list = item.scope === 'company' ? application.company_custom_fields : application.custom_fields_list;
  return list.find((entry) => entry.field_id === item.field.id)?.field_value ?? null;
}

/** Every editor's starting value, by field id. */
export function entryValues(application: Application, items: readonly CustomFieldItem[]): Record<string, EntryValue> {
  return Object.fromEntries(items.map((item) => [item.field.id, entryValue(item, storedValue(application, item))]));
}

/** The first error of every field (the validator of the wizard), translated, bounds in the user's format. */
export function validateEntries(
  items: readonly FieldItem[],
  values: Record<string, unknown>,
  format: { locale: string; currency: string },
  now: Date = new Date(),
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const item of items) {
    const [first] = validateField(item.field, item.definition, values[item.field.id], now);
    if (first) errors[item.field.id] = fieldErrorMessage(item.field, first, format);
  }
  return errors;
}

/**
 * Server field paths of the request → field ids: `custom_fields.<field_id>` (the API's field
 * errors) and `custom_fields.<index>[.field_value]` (schema errors of an entry).
 */
export function serverFieldNames(items: readonly CustomFieldItem[]): Record<string, string> {
  const names: Record<string, string> = {};
  items.forEach((item, index) => {
    names[`custom_fields.${item.field.id}`] = item.field.id;
    names[`custom_fields.${index}`] = item.field.id;
    names[`custom_fields.${index}.field_value`] = item.field.id;
  });
  return names;
}

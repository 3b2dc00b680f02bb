import type { Application, CustomFieldEntry } from '@finportal/contracts/applications';
import {
  definitionOf,
  formatDate,
  fromSubmissionValue,
  parseDate,
  stepsOf,
  toSubmissionValue,
  validateField,
  type DynamicFormConfig,
  type FieldDefinition,
  type FieldUi,
  type StepUi,
} from '@finportal/contracts/dynamic-forms';
import { fieldErrorMessage } from '../../../components/dynamic-form-field/field-errors';
import { formatMoney, formatNumber } from '../../../lib/format';
import { localized } from '../../../lib/i18n-text';

/**
 * Custom fields of the dashboard (spec 2 sections 3 and 5): the dynamic form's fields with
 * field_type 'custom' and scope company or application, grouped by the step of the application's
 * loan type they belong to. Stored values (YYYY-MM-DD, percent as decimal, years as months) are
 * shown and edited like the wizard enters them (contract's fromSubmissionValue / toSubmissionValue).
 */

/** Dates without a configured format are shown and typed as DD.MM.YYYY (stored as YYYY-MM-DD). */
export const DEFAULT_DATE_FORMAT = 'DD.MM.YYYY';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

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

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** An editor's value: text, a number (shown in the user's language by the number field), a boolean. */
export type EntryValue = string | number | boolean | null;

/**
 * The value an editor starts with: as the wizard enters it (12.5 for 0.125 percent, 4 for 48
 * months in years; numbers as numbers, null when empty).
 */
export function entryValue(item: CustomFieldItem, stored: unknown): EntryValue {
  const { field, definition } = item;
  if (field.ui_type === 'checkbox') return stored === true;
  const numeric = definition.value_type === 'int' || definition.value_type === 'decimal';
  if (isEmpty(stored)) return numeric ? null : '';
  const entered = fromSubmissionValue(field, definition, stored);
  if (entered instanceof Date) return typeof stored === 'string' ? stored : '';
  if (typeof entered === 'number') return entered;
  return String(entered);
}

/** Every editor's starting value, by field id. */
export function entryValues(application: Application, items: readonly CustomFieldItem[]): Record<string, EntryValue> {
  return Object.fromEntries(items.map((item) => [item.field.id, entryValue(item, storedValue(application, item))]));
}

/** The first error of every field (the validator of the wizard), translated, bounds in the user's format. */
export function validateEntries(
  items: readonly CustomFieldItem[],
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

/** The request's entries: converted like the wizard's submission; an emptied field is sent as null (removed). */
export function submissionEntries(
  items: readonly CustomFieldItem[],
  values: Record<string, unknown>,
): CustomFieldEntry[] {
  return items.map((item) => ({
    field_id: item.field.id,
    field_value: toSubmissionValue(item.field, item.definition, values[item.field.id]),
  }));
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

export interface DisplayTexts {
  yes: string;
  no: string;
  years: (count: number, value: string) => string;
  months: (count: number, value: string) => string;
}

/**
 * A stored value for display in the interface language: dates in the field's format (DD.MM.YYYY
 * by default), percent from the decimal, years from months, currency amounts in the application's
 * currency, booleans yes/no, choices by their option label. Null when there is no value.
 */
export function displayValue(
  item: CustomFieldItem,
  stored: unknown,
  context: { language: string; currency: string; texts: DisplayTexts },
): string | null {
  const { field, definition } = item;
  const { language, currency, texts } = context;
  if (isEmpty(stored)) return null;
  const option = field.options?.find((o) => o.value === String(stored));
  if (option) return localized(option.label, language) || option.value;
  switch (definition.value_type) {
    case 'boolean':
      if (typeof stored === 'boolean') return stored ? texts.yes : texts.no;
      return String(stored);
    case 'date':
      if (typeof stored === 'string' && ISO_DATE.test(stored) && parseDate(stored)) {
        return formatDate(stored, field.date_format ?? DEFAULT_DATE_FORMAT);
      }
      return String(stored);
    case 'int':
    case 'decimal': {
      if (typeof stored !== 'number' || !Number.isFinite(stored)) return String(stored);
      const entered = fromSubmissionValue(field, definition, stored) as number;
      const plain = formatNumber(entered, language);
      switch (field.unit) {
        case 'percent':
          return formatNumber(stored, language, { style: 'percent' });
        case 'years':
          return texts.years(entered, plain);
        case 'months':
          return texts.months(entered, plain);
        case 'currency':
          return formatMoney(entered, currency, language, { fractions: 'auto' });
        default:
          return plain;
      }
    }
    case 'text':
    default:
      return String(stored);
  }
}

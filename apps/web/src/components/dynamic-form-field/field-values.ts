import type { CustomFieldEntry } from '@finportal/contracts/applications';
import {
  formatDate,
  fromSubmissionValue,
  parseDate,
  toSubmissionValue,
  type FieldDefinition,
  type FieldUi,
} from '@finportal/contracts/dynamic-forms';
import { CUSTOM_FIELD_DATE_FORMAT } from '@finportal/contracts/signatory-custom-fields';
import { formatMoney, formatNumber } from '../../lib/format';
import { localized } from '../../lib/i18n-text';

/**
 * The values of custom fields (the dashboard's application and company fields, the representatives'
 * signatory fields) between what is stored (YYYY-MM-DD, percent as a decimal, years as months) and
 * what an editor holds or a page shows, as the wizard enters them (contracts' fromSubmissionValue /
 * toSubmissionValue).
 */

/** What editing and showing a value needs of a custom field. */
export interface FieldItem {
  field: FieldUi;
  definition: FieldDefinition;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** An editor's value: text, a number (shown in the user's language by the number field), a boolean. */
export type EntryValue = string | number | boolean | null;

/**
 * The value an editor starts with: as the wizard enters it (12.5 for 0.125 percent, 4 for 48
 * months in years; numbers as numbers, null when empty).
 */
export function entryValue(item: FieldItem, stored: unknown): EntryValue {
  const { field, definition } = item;
  if (field.ui_type === 'checkbox') return stored === true;
  const numeric = definition.value_type === 'int' || definition.value_type === 'decimal';
  if (isEmpty(stored)) return numeric ? null : '';
  const entered = fromSubmissionValue(field, definition, stored);
  if (entered instanceof Date) return typeof stored === 'string' ? stored : '';
  if (typeof entered === 'number') return entered;
  return String(entered);
}

/** The request's entries: converted like the wizard's submission; an emptied field is sent as null (removed). */
export function submissionEntries(items: readonly FieldItem[], values: Record<string, unknown>): CustomFieldEntry[] {
  return items.map((item) => ({
    field_id: item.field.id,
    field_value: toSubmissionValue(item.field, item.definition, values[item.field.id]),
  }));
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
  item: FieldItem,
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
        return formatDate(stored, field.date_format ?? CUSTOM_FIELD_DATE_FORMAT);
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
          return formatMoney(entered, currency, language);
        default:
          return plain;
      }
    }
    case 'text':
    default:
      return String(stored);
  }
}

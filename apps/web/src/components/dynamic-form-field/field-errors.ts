import type { DynamicFieldError, FieldUi } from '@finportal/contracts/dynamic-forms';
import type { ApiErrorItem } from '@finportal/contracts/errors';
import { formatLocaleNumber } from '@finportal/contracts/numbers';
import { formatMoney, formatNumber } from '../../lib/format';
import { i18n } from '../../lib/i18n';
import { dynamicErrorMessage } from '../../lib/i18n-text';

/** ui_types whose value is a number (in the field's entered unit). */
export const NUMBER_UI_TYPES: readonly FieldUi['ui_type'][] = ['loan_amount', 'loan_duration', 'input_number'];

export interface FieldFormat {
  /** The interface language. */
  locale: string;
  /** The currency of amounts (`loan_amount`, `unit: 'currency'`). */
  currency: string;
}

/** A number of the field in its unit and the user's language: `500.000 €`, `100 %`, `5 Jahre`, `12.345`. */
export function formatFieldNumber(
  field: Pick<FieldUi, 'ui_type' | 'unit'>,
  value: number,
  format: FieldFormat,
): string {
  const { locale, currency } = format;
  if (field.ui_type === 'loan_amount' || field.unit === 'currency') {
    return formatMoney(value, currency, locale);
  }
  if (field.unit === 'percent') return formatLocaleNumber(value / 100, locale, { style: 'percent' });
  const plain = formatNumber(value, locale);
  if (field.unit === 'years') return i18n.t('common:form.years', { count: value, value: plain });
  if (field.unit === 'months' || field.ui_type === 'loan_duration') {
    return i18n.t('common:form.months', { count: value, value: plain });
  }
  return plain;
}

/**
 * The values of a field's error in the user's language, for i18n interpolation: the bounds of a
 * number field in its unit ("höchstens 500.000 €" instead of "500000"), other numbers (lengths)
 * grouped. Strings (dates) are left as they are.
 */
export function formatErrorValues(
  field: Pick<FieldUi, 'ui_type' | 'unit'>,
  values: Record<string, string | number> | undefined,
  format: FieldFormat,
): Record<string, string | number> | undefined {
  if (!values) return values;
  const numeric = NUMBER_UI_TYPES.includes(field.ui_type);
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => {
      if (typeof value !== 'number' || !Number.isFinite(value)) return [key, value];
      return [key, numeric ? formatFieldNumber(field, value, format) : formatNumber(value, format.locale)];
    }),
  );
}

/** The translated message of a validator error of `field`, its values formatted (formatErrorValues). */
export function fieldErrorMessage(
  field: Pick<FieldUi, 'ui_type' | 'unit'>,
  error: Pick<DynamicFieldError, 'code' | 'values' | 'message'>,
  format: FieldFormat,
): string {
  return dynamicErrorMessage({ ...error, values: formatErrorValues(field, error.values, format) }, format.locale);
}

/** A server error item of a field with its values formatted like the validator's (for server-side field errors). */
export function formatErrorItem(
  field: Pick<FieldUi, 'ui_type' | 'unit'> | undefined,
  item: ApiErrorItem,
  format: FieldFormat,
): ApiErrorItem {
  if (!field || !item.values) return item;
  return { ...item, values: formatErrorValues(field, item.values, format) };
}

import type { FieldDefinition, FieldUi } from '@finportal/contracts/dynamic-forms';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { localized } from '../../lib/i18n-text';
import { NumberField } from '../number-field';

/*
 * The number and select fields of the dynamic-form renderer, in a module of their own: the
 * dynamic wizard's first step (amount, duration, loan type, purpose) is on the 150 KB budget and
 * draws them without loading Radio, Checkbox, the text area and the date input (ADR 004).
 * DynamicFormField (dynamic-form-field.tsx) draws every ui_type and uses this for these.
 */

export interface DynamicFormFieldOption {
  value: string;
  label: string;
}

/**
 * The props of the dynamic-form field renderer (DynamicFormField, and LightFormField for numbers
 * and selects).
 *
 * Entered values (what `value` holds and `onChange` gives, the contract's `DynamicValues`):
 * - input, textarea, company_name_search: the text;
 * - input_number, loan_amount, loan_duration: a number in the field's unit (12.5 for 12.5 %, 4 for
 *   4 years), null when empty, or the typed text when it is not a number in the user's language
 *   (the validator then refuses it with err_invalid_value);
 * - select, radio and the select-like ui_types: the chosen option's value ('' for none);
 * - checkbox: true or false; date: the text in the field's date_format.
 */
export interface DynamicFormFieldProps {
  /** The field's configuration: ui_type, label, help, placeholder, options, validation, unit, date_format. */
  field: FieldUi;
  /** Its definition: value_type `int` takes whole numbers only, `decimal` two fraction digits. */
  definition?: Pick<FieldDefinition, 'value_type'>;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  /** The translated error shown at the field. */
  error?: string;
  /** The interface language: labels, options and numbers. */
  locale: string;
  disabled?: boolean;
  /** The DOM id of the control (a form focuses its first error by it); default the field id. */
  id?: string;
  /** The currency of amounts (`loan_amount`, `unit: 'currency'`); default EUR. */
  currency?: string;
  /** Extra help under the label (the wizard: "choose the amount with the slider"); default the field's help. */
  description?: string;
  /**
   * The choices of the ui_types whose options come from the portal's configuration
   * (countries_list, loan_types, loan_purposes, company_types); select and radio use the field's own.
   */
  options?: readonly DynamicFormFieldOption[];
  /**
   * A form that marks optional fields instead of required ones (the representatives' form): the
   * label of a field that is not required, e.g. "Marital status (optional)"; no asterisks then.
   */
  optionalLabel?: (label: string) => string;
}

export const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The ui_types LightFormField draws: numbers and selects. */
const LIGHT_UI_TYPES: ReadonlySet<FieldUi['ui_type']> = new Set<FieldUi['ui_type']>([
  'input_number',
  'loan_amount',
  'loan_duration',
  'select',
  'countries_list',
  'loan_types',
  'loan_purposes',
  'company_types',
]);

/** LightFormField draws this field (a number or a select); DynamicFormField draws every field. */
export function isLightField(field: Pick<FieldUi, 'ui_type'>): boolean {
  return LIGHT_UI_TYPES.has(field.ui_type);
}

/** What every control of a field gets: id, texts in the user's language, required, error; and its options. */
export function fieldParts({
  field,
  onBlur,
  error,
  locale,
  disabled,
  id = field.id,
  description: ownDescription,
  options: ownOptions,
  optionalLabel,
}: DynamicFormFieldProps) {
  const required = field.validation.some((rule) => rule.kind === 'required');
  const name = localized(field.label, locale);
  const label = optionalLabel && !required ? optionalLabel(name) : name;
  const description = ownDescription ?? (localized(field.help, locale) || undefined);
  const placeholder = localized(field.placeholder, locale) || undefined;
  const withAsterisk = optionalLabel ? false : undefined;
  const common = { id, label, description, required, withAsterisk, error, disabled, onBlur };
  const options =
    ownOptions ?? (field.options ?? []).map((o) => ({ value: o.value, label: localized(o.label, locale) || o.value }));
  return { id, label, description, placeholder, required, withAsterisk, common, options };
}

/** A number or select field of the dynamic form (isLightField); nothing for other ui_types. */
export function LightFormField(props: DynamicFormFieldProps) {
  const { field, definition, value, onChange, currency = 'EUR' } = props;
  const { t } = useTranslation();
  const { placeholder, required, common, options } = fieldParts(props);

  switch (field.ui_type) {
    case 'input_number':
    case 'loan_amount':
    case 'loan_duration': {
      const unit =
        field.ui_type === 'loan_amount' || field.unit === 'currency'
          ? currency
          : field.unit === 'percent'
            ? '%'
            : field.unit === 'years'
              ? t('common:form.unit_years')
              : field.unit === 'months' || field.ui_type === 'loan_duration'
                ? t('common:form.unit_months')
                : undefined;
      return (
        <NumberField
          {...common}
          placeholder={placeholder}
          unit={unit}
          unitLabel={field.unit === 'percent' ? t('common:form.percent') : undefined}
          maximumFractionDigits={definition?.value_type === 'int' ? 0 : 2}
          value={typeof value === 'number' || typeof value === 'string' ? value : null}
          // Unreadable text is kept as text, so that the validator refuses it (err_invalid_value).
          onChange={(number, change) => onChange(change.valid ? number : change.text)}
        />
      );
    }
    case 'select':
    case 'countries_list':
    case 'loan_types':
    case 'loan_purposes':
    case 'company_types':
      return (
        <NativeSelect
          {...common}
          data={[{ value: '', label: t('common:form.choose'), disabled: required }, ...options]}
          value={asText(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    default:
      return null;
  }
}

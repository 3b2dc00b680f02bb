import type { FieldDefinition, FieldUi } from '@finportal/contracts/dynamic-forms';
import { Checkbox, Group, NativeSelect, Radio } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { localized } from '../../lib/i18n-text';
import { DateField } from '../date-field';
import { NumberField } from '../number-field';
import { TextAreaField, TextField } from '../text-field';

export interface DynamicFormFieldOption {
  value: string;
  label: string;
}

/**
 * The one renderer of dynamic-form fields (spec 1 section 2 ui_types), used by the dynamic
 * wizard, the custom-field editor of the dashboard and (next) the representatives' signatory
 * custom fields. Small on purpose: a field's configuration and its value in, changes out.
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
}

const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The maximum length a field's rules allow (its maxLength rule), if any. */
export function maxLengthOf(field: Pick<FieldUi, 'validation'>): number | undefined {
  const rule = field.validation.find((r) => r.kind === 'maxLength');
  return typeof rule?.value === 'number' ? rule.value : undefined;
}

export function DynamicFormField({
  field,
  definition,
  value,
  onChange,
  onBlur,
  error,
  locale,
  disabled,
  id = field.id,
  currency = 'EUR',
  description: ownDescription,
  options: ownOptions,
}: DynamicFormFieldProps) {
  const { t } = useTranslation();
  const label = localized(field.label, locale);
  const description = ownDescription ?? (localized(field.help, locale) || undefined);
  const placeholder = localized(field.placeholder, locale) || undefined;
  const required = field.validation.some((rule) => rule.kind === 'required');
  const common = { id, label, description, required, error, disabled, onBlur };
  const options =
    ownOptions ?? (field.options ?? []).map((o) => ({ value: o.value, label: localized(o.label, locale) || o.value }));

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
    case 'radio':
      return (
        <Radio.Group
          id={id}
          label={label}
          description={description}
          required={required}
          error={error}
          value={asText(value)}
          onChange={onChange}
        >
          <Group gap="md" mt={6}>
            {options.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} onBlur={onBlur} disabled={disabled} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'checkbox':
      return (
        <Checkbox
          id={id}
          label={label}
          description={description}
          required={required}
          error={error}
          aria-invalid={error ? true : undefined}
          disabled={disabled}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          onBlur={onBlur}
        />
      );
    case 'date': {
      const format = field.date_format ?? 'YYYY-MM-DD';
      return (
        <DateField
          {...common}
          format={format}
          placeholder={placeholder ?? format}
          value={asText(value)}
          onChange={onChange}
        />
      );
    }
    case 'textarea':
      return (
        <TextAreaField
          {...common}
          placeholder={placeholder}
          maxLength={maxLengthOf(field)}
          rows={4}
          value={asText(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'input':
    case 'company_name_search':
    default:
      return (
        <TextField
          {...common}
          placeholder={placeholder}
          maxLength={maxLengthOf(field)}
          value={asText(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}

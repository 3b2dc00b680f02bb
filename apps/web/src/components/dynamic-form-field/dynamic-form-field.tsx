import type { FieldUi } from '@finportal/contracts/dynamic-forms';
import { Checkbox, Group, Radio } from '@mantine/core';
import { DateField } from '../date-field';
import { TextAreaField, TextField } from '../text-field';
import { asText, fieldParts, isLightField, LightFormField, type DynamicFormFieldProps } from './light-form-field';

export type { DynamicFormFieldOption, DynamicFormFieldProps } from './light-form-field';

/** The maximum length a field's rules allow (its maxLength rule), if any. */
export function maxLengthOf(field: Pick<FieldUi, 'validation'>): number | undefined {
  const rule = field.validation.find((r) => r.kind === 'maxLength');
  return typeof rule?.value === 'number' ? rule.value : undefined;
}

/**
 * The one renderer of dynamic-form fields (spec 1 section 2 ui_types), used by the dynamic
 * wizard, the custom-field editor of the dashboard and (next) the representatives' signatory
 * custom fields. Small on purpose: a field's configuration and its value in, changes out. The
 * number and select fields are drawn by LightFormField (light-form-field.tsx), where the props
 * (DynamicFormFieldProps) are described.
 */
export function DynamicFormField(props: DynamicFormFieldProps) {
  const { field, value, onChange, onBlur, error, disabled } = props;
  const { id, label, description, placeholder, required, withAsterisk, common, options } = fieldParts(props);
  if (isLightField(field)) return <LightFormField {...props} />;

  switch (field.ui_type) {
    case 'radio':
      return (
        <Radio.Group
          id={id}
          label={label}
          description={description}
          required={required}
          withAsterisk={withAsterisk}
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
        <DateField {...common} format={format} placeholder={placeholder} value={asText(value)} onChange={onChange} />
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

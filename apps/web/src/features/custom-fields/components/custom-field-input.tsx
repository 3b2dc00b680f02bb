import { Checkbox, Group, NativeSelect, Radio, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { localized } from '../../../lib/i18n-text';
import { DEFAULT_DATE_FORMAT, type CustomFieldItem } from '../model/custom-fields';
import { DecimalField } from '../../../components/decimal-field';

export const customFieldDomId = (id: string) => `cf-${id}`;

interface Props {
  item: CustomFieldItem;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  error?: string;
  /** The application's currency (unit of currency amounts). */
  currency: string;
}

const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The editor of one custom field by its ui_type (input, textarea, input_number, select, radio, checkbox, date). */
export function CustomFieldInput({ item, value, onChange, onBlur, error, currency }: Props) {
  const { t, i18n } = useTranslation(['custom-fields']);
  const { field } = item;
  const language = i18n.resolvedLanguage ?? i18n.language;
  const id = customFieldDomId(field.id);
  const label = localized(field.label, language);
  const description = localized(field.help, language) || undefined;
  const placeholder = localized(field.placeholder, language) || undefined;
  const required = field.validation.some((rule) => rule.kind === 'required');
  const options = (field.options ?? []).map((o) => ({
    value: o.value,
    label: localized(o.label, language) || o.value,
  }));
  const common = { id, label, description, placeholder, required, error, onBlur };

  switch (field.ui_type) {
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          maxRows={10}
          value={asText(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'input_number': {
      const unit =
        field.unit === 'percent'
          ? '%'
          : field.unit === 'currency'
            ? currency
            : field.unit === 'years'
              ? t('unit.years')
              : field.unit === 'months'
                ? t('unit.months')
                : undefined;
      return <DecimalField {...common} unit={unit} value={asText(value)} onChange={onChange} />;
    }
    case 'select':
      return (
        <NativeSelect
          {...common}
          data={[{ value: '', label: t('modal.choose'), disabled: required }, ...options]}
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
              <Radio key={o.value} value={o.value} label={o.label} onBlur={onBlur} />
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
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'date': {
      const format = field.date_format ?? DEFAULT_DATE_FORMAT;
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
    case 'input':
    default:
      return <TextInput {...common} value={asText(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

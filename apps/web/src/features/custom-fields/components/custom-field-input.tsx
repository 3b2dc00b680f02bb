import { useTranslation } from 'react-i18next';
import { DynamicFormField } from '../../../components/dynamic-form-field/dynamic-form-field';
import type { CustomFieldItem } from '../model/custom-fields';

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

/** The editor of one custom field: the shared dynamic-form field renderer (as in the wizard). */
export function CustomFieldInput({ item, value, onChange, onBlur, error, currency }: Props) {
  const { i18n } = useTranslation();
  return (
    <DynamicFormField
      field={item.field}
      definition={item.definition}
      id={customFieldDomId(item.field.id)}
      locale={i18n.resolvedLanguage ?? i18n.language}
      currency={currency}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
    />
  );
}

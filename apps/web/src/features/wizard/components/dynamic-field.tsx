import type { CompanySearchResult } from '@finportal/contracts/company-search';
import type { FieldUi } from '@finportal/contracts/dynamic-forms';
import { Checkbox, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config';
import { localized } from '../../../lib/i18n-text';
import { countryName, formatMoney } from '../model/format';
import { companyTypesFor, purposesFor } from '../model/products';
import { ChoiceGroup } from './choice-group';
import { CompanySearch } from './company-search';
import { DateField } from '../../../components/date-field';
import { NumberField } from './number-field';
import { RangeSlider } from './range-slider';
import { DecimalField } from '../../../components/decimal-field';

export interface DynamicFieldContext {
  /** Every entered value of the form (company types depend on the country, purposes on the loan type). */
  values: Record<string, unknown>;
  loanTypes: string[];
  loanType: string | null;
  currency: string;
  /** Slider bounds when the field has none (the product limits, in the field's unit). */
  fallbackLimits: { min: number; max: number; step: number };
  onPickCompany: (company: CompanySearchResult) => void;
  /** Id of the picked company (its card is drawn as selected). */
  selectedCompanyId: string | null;
}

interface Props {
  field: FieldUi;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  context: DynamicFieldContext;
}

export const fieldDomId = (id: string) => `dyn-${id}`;

const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** One configured field, rendered by its ui_type (spec 1 section 2, dynamic wizard). */
export function DynamicField({ field, value, onChange, error, context }: Props) {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const language = i18n.language;
  const id = fieldDomId(field.id);
  const label = localized(field.label, language);
  const description = localized(field.help, language) || undefined;
  const placeholder = localized(field.placeholder, language) || undefined;
  const required = field.validation.some((rule) => rule.kind === 'required');
  const common = { id, label, description, placeholder, required, error };
  const choose = { value: '', label: t('wizard:common.choose'), disabled: true };

  const select = (options: { value: string; label: string }[]) => (
    <NativeSelect
      id={id}
      label={label}
      description={description}
      required={required}
      error={error}
      data={[choose, ...options]}
      value={asText(value)}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );

  switch (field.ui_type) {
    case 'loan_amount':
    case 'loan_duration': {
      const min = field.min ?? context.fallbackLimits.min;
      const max = field.max ?? context.fallbackLimits.max;
      const step = field.step ?? context.fallbackLimits.step;
      const number = typeof value === 'number' ? value : value === '' || value == null ? null : Number(value);
      const years = field.unit === 'years';
      const show = (n: number) =>
        field.ui_type === 'loan_amount'
          ? formatMoney(n, context.currency, language)
          : t(years ? 'wizard:common.years' : 'wizard:common.months', { count: n });
      const unit =
        field.ui_type === 'loan_amount'
          ? context.currency
          : t(years ? 'wizard:common.years_unit' : 'wizard:common.months_unit');
      return (
        <Stack gap={6}>
          <NumberField
            {...common}
            unit={unit}
            maxDigits={field.ui_type === 'loan_amount' ? 12 : 3}
            value={number !== null && Number.isFinite(number) ? number : null}
            onChange={onChange}
          />
          <RangeSlider
            label={label}
            min={min}
            max={max}
            step={step}
            value={number ?? min}
            onChange={onChange}
            valueText={show}
          />
          <Text size="sm" c="gray.7" style={{ display: 'flex', justifyContent: 'space-between' }}>
            <span>{show(min)}</span>
            <span>{show(max)}</span>
          </Text>
        </Stack>
      );
    }
    case 'company_name_search':
      return (
        <CompanySearch
          id={id}
          label={label}
          value={asText(value)}
          onChange={onChange}
          country={asText(context.values.companyCountry) || config.app.countries[0] || ''}
          onPick={context.onPickCompany}
          selectedId={context.selectedCompanyId}
          error={error}
        />
      );
    case 'countries_list':
      return select(config.app.countries.map((code) => ({ value: code, label: countryName(code, language) })));
    case 'loan_types':
      return select(context.loanTypes.map((type) => ({ value: type, label: t(`wizard:loan_types.${type}`) })));
    case 'loan_purposes':
      return select(
        purposesFor(config, context.loanType).map((p) => ({
          value: p,
          label: t(`application:loan_purposes.${p}`, { defaultValue: p }),
        })),
      );
    case 'company_types':
      return select(
        companyTypesFor(config, asText(context.values.companyCountry)).map((code) => ({
          value: code,
          label: t(`application:company_types.${code}`, { defaultValue: code }),
        })),
      );
    case 'select':
      return select((field.options ?? []).map((o) => ({ value: o.value, label: localized(o.label, language) })));
    case 'radio':
      return (
        <ChoiceGroup
          id={id}
          label={label}
          description={description}
          required={required}
          options={(field.options ?? []).map((o) => ({ value: o.value, label: localized(o.label, language) }))}
          value={asText(value)}
          onChange={onChange}
          error={error}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          id={id}
          label={label}
          description={description}
          required={required}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          error={error}
        />
      );
    case 'textarea':
      return <Textarea {...common} rows={4} value={asText(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'input_number': {
      const unit = field.unit === 'percent' ? '%' : field.unit === 'currency' ? context.currency : undefined;
      return <DecimalField {...common} unit={unit} value={asText(value)} onChange={onChange} />;
    }
    case 'date':
      return (
        <DateField
          {...common}
          format={field.date_format ?? 'YYYY-MM-DD'}
          placeholder={placeholder ?? field.date_format}
          value={asText(value)}
          onChange={onChange}
        />
      );
    case 'input':
    default:
      return <TextInput {...common} value={asText(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

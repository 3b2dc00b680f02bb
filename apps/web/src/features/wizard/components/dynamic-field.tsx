import type { CompanySearchResult } from '@finportal/contracts/company-search';
import type { FieldDefinition, FieldUi } from '@finportal/contracts/dynamic-forms';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DynamicFormField,
  type DynamicFormFieldOption,
} from '../../../components/dynamic-form-field/dynamic-form-field';
import { formatFieldNumber } from '../../../components/dynamic-form-field/field-errors';
import { useConfig } from '../../../lib/config';
import { countryName } from '../../../lib/format';
import { localized } from '../../../lib/i18n-text';
import { companyTypesFor, purposesFor } from '../model/products';
import { CompanySearch } from './company-search';
import { RangeSlider } from './range-slider';

export interface DynamicFieldContext {
  /** Every entered value of the form (company types depend on the country, purposes on the loan type). */
  values: Record<string, unknown>;
  loanTypes: string[];
  loanType: string | null;
  currency: string;
  /** Slider bounds when the field has none (the product limits, in the field's unit). */
  fallbackLimits: { min: number; max: number; step: number };
  /**
   * The partner may type amounts (entitlement customized_application_amounts); without it the
   * amount is chosen with the slider only and its input is disabled (spec 1 section 6).
   */
  amountTypable: boolean;
  onPickCompany: (company: CompanySearchResult) => void;
  /** Id of the picked company (its card is drawn as selected). */
  selectedCompanyId: string | null;
}

interface Props {
  field: FieldUi;
  definition?: Pick<FieldDefinition, 'value_type'>;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  context: DynamicFieldContext;
}

export const fieldDomId = (id: string) => `dyn-${id}`;

const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * One configured field of the dynamic wizard (spec 1 section 2): the shared DynamicFormField, with
 * the wizard's own parts around it (amount and duration sliders, the company search) and the
 * choices that come from the portal's configuration (countries, loan types, purposes, legal forms).
 */
export function DynamicField({ field, definition, value, onChange, error, context }: Props) {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const language = i18n.language;
  const id = fieldDomId(field.id);
  const shared = { field, definition, value, onChange, error, locale: language, id, currency: context.currency };
  const render = (options?: DynamicFormFieldOption[]) => <DynamicFormField {...shared} options={options} />;

  switch (field.ui_type) {
    case 'loan_amount':
    case 'loan_duration': {
      const min = field.min ?? context.fallbackLimits.min;
      const max = field.max ?? context.fallbackLimits.max;
      const step = field.step ?? context.fallbackLimits.step;
      const number = typeof value === 'number' && Number.isFinite(value) ? value : null;
      const amount = field.ui_type === 'loan_amount';
      const show = (n: number) => formatFieldNumber(field, n, { locale: language, currency: context.currency });
      const slider = amount && !context.amountTypable;
      return (
        <Stack gap={6}>
          <DynamicFormField
            {...shared}
            disabled={slider}
            description={slider ? t('wizard:loan_info.amount_slider_only') : undefined}
          />
          <RangeSlider
            label={localized(field.label, language)}
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
          label={localized(field.label, language)}
          value={asText(value)}
          onChange={onChange}
          country={asText(context.values.companyCountry) || config.app.countries[0] || ''}
          onPick={context.onPickCompany}
          selectedId={context.selectedCompanyId}
          error={error}
        />
      );
    case 'countries_list':
      return render(config.app.countries.map((code) => ({ value: code, label: countryName(code, language) })));
    case 'loan_types':
      return render(context.loanTypes.map((type) => ({ value: type, label: t(`wizard:loan_types.${type}`) })));
    case 'loan_purposes':
      return render(
        purposesFor(config, context.loanType).map((p) => ({
          value: p,
          label: t(`application:loan_purposes.${p}`, { defaultValue: p }),
        })),
      );
    case 'company_types':
      return render(
        companyTypesFor(config, asText(context.values.companyCountry)).map((code) => ({
          value: code,
          label: t(`application:company_types.${code}`, { defaultValue: code }),
        })),
      );
    default:
      return render();
  }
}

import type { FieldDefinition, FieldUi } from '@finportal/contracts/dynamic-forms';
import { Input, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFieldNumber } from '../../../components/dynamic-form-field/field-errors';
import {
  isLightField,
  LightFormField,
  type DynamicFormFieldOption,
} from '../../../components/dynamic-form-field/light-form-field';
import { useConfig } from '../../../lib/config';
import { namedCountries } from '../../../lib/format';
import { localized } from '../../../lib/i18n-text';
import type { PickedCompany } from '../model/dynamic-company';
import { companyTypesFor, purposesFor } from '../model/products';
import { RangeSlider } from './range-slider';

/*
 * A step loads only the code its fields need (the first step is on the 150 KB budget, ADR 004):
 * numbers and selects are here; text, text area, date, radio and checkbox fields (the whole
 * DynamicFormField) and the company search (with TanStack Query, which it uses and the step page
 * does not provide) load with the first step that has one.
 */
const loadFormField = () => import('../../../components/dynamic-form-field/dynamic-form-field');
const loadCompanySearch = () => import('./dynamic-company-search');

const DynamicFormField = lazy(async () => ({ default: (await loadFormField()).DynamicFormField }));
const DynamicCompanySearch = lazy(async () => ({ default: (await loadCompanySearch()).DynamicCompanySearch }));

/**
 * Starts loading, together, the code the fields of a step need. The step page shows its loader
 * until the fields are there (a Suspense boundary around the step); the company search has a
 * placeholder of its own size meanwhile.
 */
export function preloadFields(fields: readonly FieldUi[]): void {
  const ignore = () => undefined;
  if (fields.some((f) => f.ui_type === 'company_name_search')) loadCompanySearch().catch(ignore);
  if (fields.some((f) => f.ui_type !== 'company_name_search' && !isLightField(f))) loadFormField().catch(ignore);
}

/**
 * Holds the company search's place while its code loads: its label, an input box and the status
 * line, drawn like them (no layout jump), but no control yet (nothing to type into and lose).
 */
function CompanySearchPlaceholder({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Input.Wrapper label={label} labelElement="div">
        <Input
          component="div"
          aria-hidden="true"
          styles={{ input: { overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' } }}
        >
          {value}
        </Input>
      </Input.Wrapper>
      <Text size="sm" c="gray.7">
        {value.trim() ? t('application:company_name.searching') : t('application:company_name.min_chars')}
      </Text>
    </Stack>
  );
}

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
  /** Every field of the form (a company picked in a search fills those it has). */
  formFields: FieldUi[];
  onPickCompany: (picked: PickedCompany) => void;
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
 * One configured field of the dynamic wizard (spec 1 section 2): the shared DynamicFormField (its
 * numbers and selects, LightFormField, without loading the rest), with
 * the wizard's own parts around it (amount and duration sliders, the company search) and the
 * choices that come from the portal's configuration (countries, loan types, purposes, legal forms).
 */
export function DynamicField({ field, definition, value, onChange, error, context }: Props) {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const language = i18n.language;
  const id = fieldDomId(field.id);
  const shared = { field, definition, value, onChange, error, locale: language, id, currency: context.currency };
  const render = (options?: DynamicFormFieldOption[]) => <LightFormField {...shared} options={options} />;

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
          <LightFormField
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
    case 'company_name_search': {
      const label = localized(field.label, language);
      return (
        <Suspense fallback={<CompanySearchPlaceholder label={label} value={asText(value)} />}>
          <DynamicCompanySearch
            formFields={context.formFields}
            id={id}
            label={label}
            value={asText(value)}
            onChange={onChange}
            country={asText(context.values.companyCountry) || config.app.countries[0] || ''}
            onPick={context.onPickCompany}
            selectedId={context.selectedCompanyId}
            error={error}
          />
        </Suspense>
      );
    }
    case 'countries_list':
      return render(namedCountries(config.app.countries, language));
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
      return isLightField(field) ? render() : <DynamicFormField {...shared} />;
  }
}

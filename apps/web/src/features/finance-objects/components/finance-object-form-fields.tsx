import { datePattern } from '@finportal/contracts/form-dates';
import { FINANCING_TYPES, RENTAL_STATES, type FinanceObjectField } from '@finportal/contracts/finance-object-rules';
import { Group, NativeSelect, Radio, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { NumberField } from '../../../components/number-field';
import { useCountryOptions } from '../../../lib/use-country-options';
import { DELIVERY_DATE_FORMAT, type TextField } from '../model/finance-object-form';
import type { FinanceObjectFormState } from '../model/use-finance-object-form';
import { MerchantSearch } from './merchant-search';

/** The DOM id of a field of the form (the first field to fix is focused from it). */
export const fieldDomId = (prefix: string, field: FinanceObjectField) => `${prefix}-${field}`;

/**
 * Every field of a finance object (spec 2 section 3), in two sections: the object and the
 * merchant. A field that is not required says "(optional)" in its label; amounts are read in the
 * interface language (`12.345,67` in German), the delivery date is typed as DD.MM.YYYY.
 */
export function FinanceObjectFormFields({
  form,
  idPrefix,
  currency,
}: {
  form: FinanceObjectFormState;
  idPrefix: string;
  currency: string;
}) {
  const { t, i18n } = useTranslation(['objects']);
  const countries = useCountryOptions();
  const { values } = form;

  const label = (field: FinanceObjectField) => {
    const name = t(`objects:fields.${field}`);
    return form.isRequired(field) ? name : t('objects:form.optional', { label: name });
  };
  const common = (field: FinanceObjectField) => ({
    id: fieldDomId(idPrefix, field),
    label: label(field),
    error: form.errorOf(field),
    required: form.isRequired(field),
    withAsterisk: false,
    onBlur: () => form.touch(field),
  });
  const text = (field: TextField, props: Record<string, unknown> = {}) => (
    <TextInput
      {...common(field)}
      autoComplete="off"
      value={values[field]}
      onChange={(event) => form.setValue(field, event.currentTarget.value)}
      {...props}
    />
  );
  const number = (
    field: 'net_purchase_price' | 'down_payment' | 'remaining_value' | 'object_count',
    props: { unit?: string; whole?: boolean } = {},
  ) => (
    <NumberField
      {...common(field)}
      value={values[field]}
      onChange={(value, change) => form.setValue(field, change.valid ? value : change.text)}
      unit={props.unit}
      maximumFractionDigits={props.whole ? 0 : 2}
    />
  );
  const select = (field: 'financing_type' | 'rental_state', options: readonly string[], group: string) => (
    <NativeSelect
      {...common(field)}
      data={[
        { value: '', label: t('objects:form.choose') },
        ...options.map((value) => ({ value, label: t(`objects:${group}.${value}`) })),
      ]}
      value={values[field] ?? ''}
      onChange={(event) => {
        const value = event.currentTarget.value;
        form.setValue(field, (value || null) as never);
        form.touch(field);
      }}
    />
  );

  return (
    <Stack gap="lg">
      <section aria-labelledby={`${idPrefix}-object`}>
        <Title order={3} size="h5" mb="sm" id={`${idPrefix}-object`}>
          {t('objects:form.section_object')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {text('manufacturer', { 'data-autofocus': true })}
          {text('type')}
          <TextInput
            {...common('built_at')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            value={values.built_at ?? ''}
            onChange={(event) => {
              // A year is written without grouping ("2024", not "2,024"); what is not four digits stays text and is refused.
              const text = event.currentTarget.value.trim();
              form.setValue('built_at', text === '' ? null : /^\d{4}$/.test(text) ? Number(text) : text);
            }}
          />
          {number('object_count', { whole: true })}
          {number('net_purchase_price', { unit: currency })}
          {number('down_payment', { unit: currency })}
          {number('remaining_value', { unit: currency })}
          <DateField
            {...common('expected_delivery_date')}
            format={DELIVERY_DATE_FORMAT}
            description={t('objects:form.date_hint', {
              pattern: datePattern(DELIVERY_DATE_FORMAT, i18n.resolvedLanguage ?? i18n.language),
            })}
            value={values.expected_delivery_date}
            onChange={(value) => form.setValue('expected_delivery_date', value)}
          />
          {select('financing_type', FINANCING_TYPES, 'financing_types')}
          {select('rental_state', RENTAL_STATES, 'rental_states')}
        </SimpleGrid>
        <Stack gap="sm" mt="sm">
          <div id={fieldDomId(idPrefix, 'is_fixed_interest')}>
            <Radio.Group
              label={label('is_fixed_interest')}
              value={values.is_fixed_interest === null ? null : values.is_fixed_interest ? 'yes' : 'no'}
              onChange={(next) => {
                form.setValue('is_fixed_interest', next === 'yes');
                form.touch('is_fixed_interest');
              }}
              error={form.errorOf('is_fixed_interest')}
              withAsterisk={false}
            >
              <Group gap="lg" mt={6}>
                <Radio value="yes" label={t('objects:form.yes')} />
                <Radio value="no" label={t('objects:form.no')} />
              </Group>
            </Radio.Group>
          </div>
          <Textarea
            {...common('detail_desc')}
            rows={3}
            value={values.detail_desc}
            onChange={(event) => form.setValue('detail_desc', event.currentTarget.value)}
          />
        </Stack>
      </section>

      <section aria-labelledby={`${idPrefix}-merchant`}>
        <Title order={3} size="h5" mb="sm" id={`${idPrefix}-merchant`}>
          {t('objects:form.section_merchant')}
        </Title>
        <MerchantSearch form={form} id={`${idPrefix}-merchant-search`} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" mt="md">
          {text('merchant_name', {
            // The link to a company of the search holds only while the name is the one picked.
            onChange: (event: ChangeEvent<HTMLInputElement>) => {
              form.setValue('merchant_name', event.currentTarget.value);
              if (values.merchant_company_id) form.setValue('merchant_company_id', null);
            },
          })}
          {text('merchant_street')}
          {text('merchant_house_num')}
          {text('merchant_postcode')}
          {text('merchant_city')}
          <NativeSelect
            {...common('merchant_country')}
            data={[{ value: '', label: t('objects:form.choose') }, ...countries]}
            value={values.merchant_country}
            onChange={(event) => {
              form.setValue('merchant_country', event.currentTarget.value);
              form.touch('merchant_country');
            }}
          />
        </SimpleGrid>
      </section>
    </Stack>
  );
}

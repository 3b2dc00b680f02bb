import { newCompanyIssues, type NewCompanyField } from '@finportal/contracts/new-company-rules';
import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../components/text-field';
import type { RuleFormState } from '../../../lib/use-rule-form';
import {
  legalFormsOf,
  type AddDebitorFormValues,
  type AddDebitorWire,
  type DebitorFormField,
  type NewCompanyFormField,
} from '../model/debitor-form';
import { debitorFieldId } from './debitor-sales-fields';
import { useCountryOptions } from '../../../lib/use-country-options';

type AddDebitorForm = RuleFormState<AddDebitorFormValues, AddDebitorWire, DebitorFormField>;

/** What the rules require of a new company (asked with nothing filled in): name, legal form, country. */
const REQUIRED: ReadonlySet<NewCompanyField> = new Set(newCompanyIssues({}).map((issue) => issue.field));

/** The legal form of a new company (or of an insurer's hit that names none), offered by its country. */
export function LegalFormSelect({
  form,
  idPrefix,
  country,
}: {
  form: AddDebitorForm;
  idPrefix: string;
  country: string;
}) {
  const { t } = useTranslation(['factoring']);
  return (
    <NativeSelect
      id={debitorFieldId(idPrefix, 'companyType')}
      label={t('factoring:new_company.companyType')}
      required
      withAsterisk={false}
      data={[
        { value: '', label: t('factoring:form.choose') },
        ...legalFormsOf(country).map((code) => ({ value: code, label: t(`factoring:legal_forms.${code}`) })),
      ]}
      value={form.values.companyType}
      onChange={(event) => {
        form.setValue('companyType', event.currentTarget.value);
        form.touch('companyType');
      }}
      error={form.errorOf('companyType')}
    />
  );
}

/**
 * A company the search did not find, typed in (spec 2 section 3 "New company (debtor search)"):
 * name, legal form and country required, the address, register number, tax or VAT id and
 * business purpose optional (each checked by `newCompanyIssues` when given).
 */
export function NewCompanyFields({ form, idPrefix }: { form: AddDebitorForm; idPrefix: string }) {
  const { t } = useTranslation(['factoring']);
  const countries = useCountryOptions();
  const { values } = form;
  const label = (field: NewCompanyField) =>
    REQUIRED.has(field)
      ? t(`factoring:new_company.${field}`)
      : t('factoring:form.optional', { label: t(`factoring:new_company.${field}`) });
  const text = (field: Exclude<NewCompanyFormField, 'companyType' | 'businessPurpose'>, autoComplete = 'off') => (
    <TextInput
      id={debitorFieldId(idPrefix, field)}
      label={label(field)}
      required={REQUIRED.has(field)}
      withAsterisk={false}
      autoComplete={autoComplete}
      value={values[field]}
      onChange={(event) => form.setValue(field, event.currentTarget.value)}
      onBlur={() => form.touch(field)}
      error={form.errorOf(field)}
    />
  );

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        {text('companyName', 'organization')}
        <NativeSelect
          id={debitorFieldId(idPrefix, 'address_country')}
          label={label('address_country')}
          required
          withAsterisk={false}
          data={countries}
          value={values.country}
          onChange={(event) => {
            form.setValue('country', event.currentTarget.value);
            form.setValue('companyType', '');
          }}
          error={form.errorOf('address_country')}
        />
        <LegalFormSelect form={form} idPrefix={idPrefix} country={values.country} />
        {text('address_street')}
        {text('address_house_number')}
        {text('address_post_code')}
        {text('address_location')}
        {text('hrNumber')}
        {text('taxIdNumber')}
      </SimpleGrid>
      <TextAreaField
        id={debitorFieldId(idPrefix, 'businessPurpose')}
        label={label('businessPurpose')}
        rows={2}
        value={values.businessPurpose}
        onChange={(event) => form.setValue('businessPurpose', event.currentTarget.value)}
        onBlur={() => form.touch('businessPurpose')}
        error={form.errorOf('businessPurpose')}
      />
    </Stack>
  );
}

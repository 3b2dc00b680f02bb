import type { CompanySearchResult } from '@finportal/contracts/company-search';
import { Alert, Button, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CompanySearchField } from '../../../components/company-search-field';
import type { RuleFormState } from '../../../lib/use-rule-form';
import { idTypesOf, useDebitorNameSearch, useFilterValues } from '../api/search-debitor-companies';
import {
  hitNeedsType,
  hitSource,
  type AddDebitorFormValues,
  type AddDebitorWire,
  type DebitorFormField,
} from '../model/debitor-form';
import { debitorFieldId } from './debitor-sales-fields';
import { IdSearchField } from './id-search-field';
import { LegalFormSelect } from './new-company-fields';
import { useCountryOptions } from '../../../lib/use-country-options';

type AddDebitorForm = RuleFormState<AddDebitorFormValues, AddDebitorWire, DebitorFormField>;

/**
 * Finding the debtor company (spec 2 sections 3 and 7): in its country, by name or by a register
 * or tax id type of that country (GET /user/filter_values), among our companies and the credit
 * insurer's (GET /user/company_search?purpose=company_cover). A picked hit is confirmed below the
 * list (and whether the insurer knows it); a hit of the insurer without a legal form asks for one.
 * "Company not found?" switches to typing in a new company.
 */
export function DebitorCompanySearch({
  form,
  idPrefix,
  insurer,
  onNotFound,
}: {
  form: AddDebitorForm;
  idPrefix: string;
  insurer: string;
  onNotFound: () => void;
}) {
  const { t } = useTranslation(['factoring']);
  const filterValues = useFilterValues();
  const sourceLabel = (hit: CompanySearchResult) => t(`factoring:search.source_${hitSource(hit, insurer)}`);
  const { values } = form;
  const idTypes = idTypesOf(filterValues.data, values.country);
  const countries = useCountryOptions();
  const picked = values.picked;
  const pick = (hit: CompanySearchResult) => {
    form.setValue('picked', hit);
    form.touch('company_id');
  };
  const error = form.errorOf('company_id');

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        <NativeSelect
          id={debitorFieldId(idPrefix, 'address_country')}
          label={t('factoring:search.country')}
          data={countries}
          value={values.country}
          onChange={(event) => {
            form.setValue('country', event.currentTarget.value);
            form.setValue('picked', null);
            form.setValue('searchType', 'name');
            form.setValue('searchId', '');
          }}
          error={form.errorOf('address_country')}
        />
        <NativeSelect
          id={`${idPrefix}-search-type`}
          label={t('factoring:search.by')}
          data={[
            { value: 'name', label: t('factoring:search.by_name') },
            ...idTypes.map((type) => ({ value: type, label: t(`factoring:id_types.${type}`) })),
          ]}
          value={values.searchType}
          onChange={(event) => {
            form.setValue('searchType', event.currentTarget.value as AddDebitorFormValues['searchType']);
            form.setValue('picked', null);
          }}
        />
      </SimpleGrid>

      {values.searchType === 'name' ? (
        <CompanySearchField
          id={debitorFieldId(idPrefix, 'company_id')}
          useSearch={useDebitorNameSearch}
          value={values.searchName}
          onChange={(name) => form.setValue('searchName', name)}
          country={values.country}
          onPick={pick}
          selectedId={picked?.id ?? null}
          label={t('factoring:search.name')}
          // Not the user's own company: no autofill of the organisation.
          required={false}
          sourceLabel={sourceLabel}
          foundText={(count) => t('factoring:search.found', { count })}
          error={error}
        />
      ) : (
        <IdSearchField
          sourceLabel={sourceLabel}
          id={debitorFieldId(idPrefix, 'company_id')}
          type={values.searchType}
          country={values.country}
          value={values.searchId}
          onChange={(id) => form.setValue('searchId', id)}
          onPick={pick}
          selectedId={picked?.id ?? null}
          error={error}
        />
      )}

      {picked && (
        <Alert color="blue" variant="light" role="status" title={t('factoring:search.picked', { name: picked.name })}>
          <Stack gap={6}>
            <Text size="sm">
              {picked.external_provider_name === insurer
                ? t('factoring:search.insurer_known')
                : t('factoring:search.insurer_unknown')}
            </Text>
            {hitNeedsType(picked) && <LegalFormSelect form={form} idPrefix={idPrefix} country={picked.land} />}
          </Stack>
        </Alert>
      )}

      <div>
        <Text size="sm">{t('factoring:search.not_found')}</Text>
        <Button variant="subtle" px={0} onClick={onNotFound}>
          {t('factoring:search.create')}
        </Button>
      </div>
    </Stack>
  );
}

import type { CompanySearchResult } from '@finportal/contracts/company-search';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanySearchField } from '../../../components/company-search-field';
import { useConfig } from '../../../lib/config';
import { useCompanySearch } from '../../company-search/api/search-companies';
import type { FinanceObjectFormState } from '../model/use-finance-object-form';

/**
 * Finding the merchant through the company search (GET /company_search in the merchant's country,
 * else the partner's first): a hit fills the merchant's name and address, and a company known to
 * us is linked (`merchant_company_id`); a registry hit only fills the fields. Everything stays
 * editable; changing the name afterwards drops the link (see the form fields).
 */
export function MerchantSearch({ form, id }: { form: FinanceObjectFormState; id: string }) {
  const { t } = useTranslation(['objects']);
  const { app } = useConfig();
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const country = form.values.merchant_country || app.countries[0] || 'DE';

  const pick = (company: CompanySearchResult) => {
    form.setValue('merchant_name', company.name);
    form.setValue('merchant_street', company.street_name || company.street);
    form.setValue('merchant_house_num', company.house_number);
    form.setValue('merchant_postcode', company.plz);
    form.setValue('merchant_city', company.ort);
    if (app.countries.includes(company.land)) form.setValue('merchant_country', company.land);
    form.setValue('merchant_company_id', company.isInternal ? company.id : null);
    setPicked(company.name);
    setQuery('');
  };

  return (
    <div>
      <CompanySearchField
        id={id}
        useSearch={useCompanySearch}
        value={query}
        onChange={setQuery}
        country={country}
        onPick={pick}
        required={false}
        label={t('objects:merchant_search.label')}
        description={t('objects:merchant_search.hint')}
        // The seller, not "your company" (issue 26).
        foundText={(number) => t('objects:merchant_search.found', { number })}
      />
      {picked && query === '' && (
        <Text size="sm" mt="xs" role="status">
          {t('objects:merchant_search.filled', { name: picked })}
        </Text>
      )}
    </div>
  );
}

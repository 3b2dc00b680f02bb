import type { ComponentProps } from 'react';
import { CompanySearchField } from '../../../components/company-search-field';
import { useCompanySearch } from '../../company-search/api/search-companies';

/** The wizard's company search (spec 1 section 5): the shared search field on GET /company_search. */
export function CompanySearch(props: Omit<ComponentProps<typeof CompanySearchField>, 'useSearch'>) {
  return <CompanySearchField {...props} useSearch={useCompanySearch} />;
}

import type { CompanySearchResult } from '@finportal/contracts/company-search';
import type { PortalConfig } from '../../../lib/config';
import { companyTypesFor } from './products';
import type { CompanyValues } from './wizard-state';

/** The company details of a search hit (its company type only when offered for the country). */
export function companyFromResult(result: CompanySearchResult, config: PortalConfig, country: string): CompanyValues {
  const types = companyTypesFor(config, country);
  return {
    companyName: result.name,
    street: result.street_name || result.street,
    houseNumber: result.house_number,
    companyPostCode: result.plz,
    companyLocation: result.ort,
    companyType: result.companyType && types.includes(result.companyType) ? result.companyType : '',
    businessPurpose: result.businessPurpose ?? '',
    taxIdNumber: result.tax_id_number ?? '',
    companyCreditProviderId: result.credit_provider_id,
    company_id: result.isInternal ? result.id : null,
    external_provider_company_id: result.external_provider_company_id,
    external_provider_name: result.external_provider_name,
  };
}

export const NO_COMPANY_IDS = {
  companyCreditProviderId: null,
  company_id: null,
  external_provider_company_id: null,
  external_provider_name: null,
} as const;

export function hasPickedCompany(values: Pick<CompanyValues, keyof typeof NO_COMPANY_IDS>): boolean {
  return !!(values.company_id || values.companyCreditProviderId || values.external_provider_company_id);
}

import type { CreateApplicationRequest } from '@finportal/contracts/offers';
import type { PortalConfig } from '../../../lib/config';
import { purposeRules } from './products';
import { referralFields } from './referral';
import type { ClassicValues } from './wizard-state';

const text = (value: string) => value.trim();
const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/**
 * POST /user/applications body of the classic wizard. For factoring the amount and the duration
 * are cleared and the factoring fields are sent; otherwise the factoring fields are cleared.
 */
export function classicRequest(values: ClassicValues, config: PortalConfig): CreateApplicationRequest {
  const factoring = values.allBanksLoanPurpose === 'factoring';
  const purpose = purposeRules(config, values.allBanksLoanPurpose, values.purposeSelect);
  const purposeSelect = purpose.showSelect ? values.purposeSelect || null : purpose.implicitPurpose;
  return {
    allBanksLoanPurpose: values.allBanksLoanPurpose as CreateApplicationRequest['allBanksLoanPurpose'],
    loanSize: factoring ? null : values.loanSize,
    loanDuration: factoring ? null : values.loanDuration,
    display_duration_unit: 'months',
    currency: values.currency as CreateApplicationRequest['currency'],
    companyName: text(values.companyName),
    companyType: values.companyType || null,
    street: text(values.street),
    houseNumber: text(values.houseNumber),
    companyPostCode: text(values.companyPostCode),
    companyLocation: text(values.companyLocation),
    companyCountry: values.companyCountry,
    taxIdNumber: optional(values.taxIdNumber),
    businessPurpose: text(values.businessPurpose),
    companyCreditProviderId: values.companyCreditProviderId,
    company_id: values.company_id,
    external_provider_company_id: values.external_provider_company_id,
    external_provider_name: values.external_provider_name,
    purposeSelect,
    purposeDescription: purpose.showDescription ? text(values.purposeDescription) : null,
    purpose_key: purposeSelect,
    factoring_limit: factoring ? values.factoring_limit : null,
    has_international_customers: factoring ? values.has_international_customers : null,
    annual_sales_previous_year: factoring ? values.annual_sales_previous_year : null,
    dynamic_form: false,
    ...referralFields(config.partnerKey),
  };
}

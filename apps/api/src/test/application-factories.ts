import type { CreateApplicationRequest } from '@finportal/contracts/offers';
import type { RegistryCompany } from '../platform/company-registry.js';

/** A classic application of the demo partner that passes every rule and every eligibility check. */
export function buildApplication(overrides: Partial<CreateApplicationRequest> = {}): CreateApplicationRequest {
  return {
    allBanksLoanPurpose: 'working_capital_loan',
    loanSize: 100_000,
    loanDuration: 48,
    display_duration_unit: 'months',
    currency: 'EUR',
    companyName: 'Muster Maschinenbau GmbH',
    companyType: 'GMBH',
    street: 'Hauptstraße',
    houseNumber: '12a',
    companyPostCode: '10115',
    companyLocation: 'Berlin',
    companyCountry: 'DE',
    taxIdNumber: '1234567890',
    businessPurpose: 'Herstellung von Sondermaschinen',
    purposeSelect: 'operating_expenses',
    ...overrides,
  };
}

/** A classic factoring application of the demo partner (no amount or duration). */
export function buildFactoringApplication(overrides: Partial<CreateApplicationRequest> = {}): CreateApplicationRequest {
  const { loanSize: _a, loanDuration: _d, purposeSelect: _p, ...base } = buildApplication();
  return {
    ...base,
    allBanksLoanPurpose: 'factoring',
    factoring_limit: 200_000,
    has_international_customers: true,
    annual_sales_previous_year: 1_500_000,
    annual_sales_previous_year_abroad: 300_000,
    ...overrides,
  };
}

/** A registry company (as the company registry adapter answers it). */
export function buildRegistryCompany(overrides: Partial<RegistryCompany> = {}): RegistryCompany {
  return {
    id: 'REG-0001',
    name: 'Registerfirma Beispiel GmbH',
    legal_form: 'GMBH',
    street: 'Registerweg',
    house_number: '1',
    postcode: '20095',
    city: 'Hamburg',
    country: 'DE',
    register_court: 'Amtsgericht Hamburg',
    register_number: 'HRB 123456',
    foundation_date: '2015-05-01',
    business_purpose: 'Handel mit Waren aller Art',
    tax_id_number: '9876543210',
    ...overrides,
  };
}

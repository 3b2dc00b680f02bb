import type { CreateDebitorRequest, NewCompanyRequest } from '@finportal/contracts/debitors';
import type { FactoringSectionInput, FactoringValues } from '@finportal/contracts/factoring';

/**
 * Builders of a factoring application's details and debtors (issue 12, ADR 018), re-exported by
 * factories.ts. They fit `buildFactoringApplicationInput` (sales 1,500,000, of which 300,000
 * abroad) and pass every rule of contracts/factoring-rules.ts and debitor-rules.ts.
 */

/** The financial card (PATCH .../factoring/financials); `international: false` leaves the twins out. */
export function buildFactoringFinancials(
  overrides: FactoringSectionInput<'financials'> = {},
  { international = true }: { international?: boolean } = {},
): FactoringSectionInput<'financials'> {
  return {
    has_international_customers: international,
    company_portfolio: 'Großhandel mit Industriebedarf für rund 300 Stammkunden in Süddeutschland',
    annual_sales_previous_year: 1_500_000,
    planned_annual_sales_following_year: 1_800_000,
    planned_annual_sales_factoring: 1_200_000,
    planned_annual_sales_factoring_comment: 'Without the sales to private customers',
    ...(international
      ? {
          annual_sales_previous_year_abroad: 300_000,
          planned_annual_sales_following_year_abroad: 400_000,
          planned_annual_sales_factoring_abroad: 250_000,
        }
      : {}),
    ...overrides,
  };
}

/** The invoice card (PATCH .../factoring/invoices). */
export function buildFactoringInvoices(
  overrides: FactoringSectionInput<'invoices'> = {},
  { international = true }: { international?: boolean } = {},
): FactoringSectionInput<'invoices'> {
  return {
    number_of_outgoing_invoices: 2_400,
    invoice_currencies: ['EUR'],
    max_invoice_value_previous_year: 45_000,
    payment_deadline_for_outgoing_invoices: 30,
    payment_deadline_for_outgoing_invoices_comment: '60 days for two public customers',
    ...(international
      ? {
          number_of_outgoing_invoices_abroad: 300,
          invoice_currencies_abroad: ['EUR', 'CHF'],
          max_invoice_value_previous_year_abroad: 20_000,
          payment_deadline_for_outgoing_invoices_abroad: 45,
        }
      : {}),
    ...overrides,
  };
}

/** The risk-protection card (PATCH .../factoring/risk_protection). */
export function buildFactoringRiskProtection(
  overrides: FactoringSectionInput<'risk_protection'> = {},
  { international = true }: { international?: boolean } = {},
): FactoringSectionInput<'risk_protection'> {
  return {
    receivables_default_amount_previous_year: 8_000,
    receivables_default_amount_current_year: 2_500.5,
    are_receivables_assigned: false,
    has_commercial_credit_insurance: true,
    has_commercial_credit_insurance_comment: 'Policy with a credit insurer, 10 % deductible',
    already_has_factoring: false,
    centralized_settlement_entity: false,
    ...(international
      ? { receivables_default_amount_previous_year_abroad: 1_000, receivables_default_amount_current_year_abroad: 0 }
      : {}),
    ...overrides,
  };
}

/** All three cards as one set of stored values (the dev fixtures' `factoring_details`). */
export function buildFactoringDetails(options: { international?: boolean } = {}): FactoringValues {
  return {
    ...buildFactoringFinancials({}, options),
    ...buildFactoringInvoices({}, options),
    ...buildFactoringRiskProtection({}, options),
  };
}

/** A debtor (POST .../factoring/debitors) of a company found in the search (`company_id`). */
export function buildDebitor(companyId: string, overrides: CreateDebitorRequest = {}): CreateDebitorRequest {
  return { company_id: companyId, annual_sales_previous_year: 250_000, currency: 'EUR', ...overrides };
}

/** A new company typed in the debtor search's "company not found" form (POST .../companies). */
export function buildNewCompany(overrides: NewCompanyRequest = {}): NewCompanyRequest {
  return {
    address_country: 'DE',
    searchType: 'name',
    searchValue: 'Beispiel Handel',
    companyName: 'Beispiel Handel GmbH',
    companyType: 'GMBH',
    address_street: 'Hafenstraße',
    address_house_number: '12',
    address_location: 'Bremen',
    address_post_code: '28195',
    hrNumber: 'HRB 99887',
    taxIdNumber: null,
    businessPurpose: 'Großhandel mit Bürobedarf',
    external_provider_company_id: null,
    external_provider_name: null,
    ...overrides,
  };
}

/** A debtor row of the CSV import, as Excel writes it in German (`;`, decimal commas). */
export interface DebitorCsvRow {
  company_name: string;
  country: string;
  register_id: string;
  annual_sales: string;
  currency: string;
}

/** A debtor list as CSV text: the header (English column names by default), then the rows. */
export function buildDebitorCsv(
  rows: DebitorCsvRow[],
  { separator = ';', header = ['company_name', 'country', 'register_id', 'annual_sales', 'currency'] } = {},
): string {
  const cell = (v: string) => (v.includes(separator) || v.includes('"') ? `"${v.replace(/"/g, '""')}"` : v);
  const line = (cells: string[]) => cells.map(cell).join(separator);
  return [
    line(header),
    ...rows.map((r) => line([r.company_name, r.country, r.register_id, r.annual_sales, r.currency])),
  ].join('\r\n');
}

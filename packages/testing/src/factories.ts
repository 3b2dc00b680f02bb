import type { CreateAppointmentRequest } from '@finportal/contracts/appointments';
import type { RegisterRequest } from '@finportal/contracts/auth';
import type { UpdateBankInfoRequest } from '@finportal/contracts/bank-info';
import type { Fixtures } from '@finportal/contracts/dev';
import { buildDynamicSubmission, type DynamicFormConfig, type DynamicValues } from '@finportal/contracts/dynamic-forms';
import type { FinanceObjectInput } from '@finportal/contracts/finance-objects';
import type { CreateApplicationRequest } from '@finportal/contracts/offers';

/**
 * Test data builders, one per entity (ARCHITECTURE.md, convention 8): `buildX(overrides)` answers
 * plain data that passes every rule (the demo partner's, where a partner's rules apply), with
 * `overrides` on top. No I/O: the API tests (TypeScript sources), the e2e specs (Playwright) and
 * the bench scripts (node, the built dist/) send the same values.
 */

/** The password of every account the tests and benches register (passes the password rules). */
export const PASSWORD = 'Start-Passw0rd!';

let sequence = 0;

/** An e-mail address no other call answers, in this process or in another one running meanwhile. */
export function uniqueEmail(prefix = 'user'): string {
  sequence += 1;
  const random = Math.random().toString(36).slice(2, 8);
  return `${prefix}-${Date.now().toString(36)}-${random}-${sequence}@example.com`.toLowerCase();
}

/** A registration (POST /user/users) that passes every rule; a new e-mail address each call. */
export function buildRegistration(overrides: Partial<RegisterRequest> = {}): Required<RegisterRequest> {
  return {
    email: uniqueEmail(),
    password: PASSWORD,
    accepted_terms: true,
    accepted_partner_terms: true,
    marketing_consent_accepted: false,
    interface_language: 'de',
    communication_language: 'de',
    ...overrides,
  };
}

/** The company fields of an application (the wizard's company step). */
export type CompanyInput = Pick<
  CreateApplicationRequest,
  | 'companyName'
  | 'companyType'
  | 'street'
  | 'houseNumber'
  | 'companyPostCode'
  | 'companyLocation'
  | 'companyCountry'
  | 'taxIdNumber'
  | 'businessPurpose'
>;

/** A German GmbH as the wizard's company step sends it. */
export function buildCompanyInput(overrides: Partial<CompanyInput> = {}): CompanyInput {
  return {
    companyName: 'Muster Maschinenbau GmbH',
    companyType: 'GMBH',
    street: 'Hauptstraße',
    houseNumber: '12a',
    companyPostCode: '10115',
    companyLocation: 'Berlin',
    companyCountry: 'DE',
    taxIdNumber: '1234567890',
    businessPurpose: 'Herstellung von Sondermaschinen',
    ...overrides,
  };
}

/** A classic working-capital application (POST /user/applications) that passes every rule and eligibility check of the demo partner. */
export function buildApplicationInput(overrides: Partial<CreateApplicationRequest> = {}): CreateApplicationRequest {
  return {
    allBanksLoanPurpose: 'working_capital_loan',
    loanSize: 100_000,
    loanDuration: 48,
    display_duration_unit: 'months',
    currency: 'EUR',
    ...buildCompanyInput(),
    purposeSelect: 'operating_expenses',
    ...overrides,
  };
}

/** A classic factoring application of the demo partner (a limit instead of amount, duration and purpose). */
export function buildFactoringApplicationInput(
  overrides: Partial<CreateApplicationRequest> = {},
): CreateApplicationRequest {
  const { loanSize: _a, loanDuration: _d, purposeSelect: _p, ...base } = buildApplicationInput();
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

/** YYYY-MM-DD (UTC) of today plus `days`. */
function isoDayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** YYYY-MM-DD (UTC) of today minus `days` (a document's as-of date). */
export function daysAgo(days: number): string {
  return isoDayFromToday(-days);
}

/** DD.MM.YYYY (UTC) of today plus `days` (a date as a dynamic form's field takes it). */
export function dayFromToday(days: number): string {
  return isoDayFromToday(days).split('-').reverse().join('.');
}

/**
 * What a user enters in a dynamic form (working capital, an Austrian GmbH), as the wizard keeps
 * it: numbers and dates as typed. Fits the form of the `alpen` partner (partners/alpen.json).
 */
export function buildDynamicValues(overrides: DynamicValues = {}): DynamicValues {
  return {
    allBanksLoanPurpose: 'working_capital_loan',
    loanSize: 120_000,
    loanDuration: 4,
    purposeSelect: 'operating_expenses',
    companyCountry: 'AT',
    companyName: 'Bergbahn Technik GmbH',
    companyType: 'GMBH',
    companyPostCode: '6020',
    companyLocation: 'Innsbruck',
    foundation_date: '15.03.2012',
    employees: '25',
    annual_revenue: '1250000,50',
    equity_ratio: 12.5,
    industry: 'manufacturing',
    existing_leasing: 'false',
    planned_start: dayFromToday(14),
    purposeDescription: '',
    consent_credit_check: true,
    ...overrides,
  };
}

/**
 * The request a dynamic wizard sends for `form` (buildDynamicSubmission, as the browser builds
 * it) from buildDynamicValues(overrides): working capital by default;
 * `event_driven_financing_loan` with an object_type is object financing.
 */
export function buildDynamicApplication(
  form: DynamicFormConfig,
  overrides: DynamicValues = {},
): Record<string, unknown> {
  const values = buildDynamicValues(overrides);
  const { standard, custom_fields_list } = buildDynamicSubmission(form, String(values.allBanksLoanPurpose), values);
  return { ...standard, currency: 'EUR', display_duration_unit: 'years', dynamic_form: true, custom_fields_list };
}

/** A valid German IBAN (electronic format) and the same in groups of four. */
export const IBAN = 'DE89370400440532013000';
export const IBAN_SPACED = 'DE89 3704 0044 0532 0130 00';

/** Bank data of an application (PATCH /user/applications/{id}/bankinfo). */
export function buildBankInfo(overrides: Partial<UpdateBankInfoRequest> = {}): UpdateBankInfoRequest {
  return { bankName: 'Musterbank', iban: IBAN, ...overrides };
}

/**
 * A representative as the dev fixtures take it (the API tests' seed(), e2e's POST
 * /api/dev/applications/{id}/fixtures): representatives have no screens of their own yet.
 */
export type SignatoryInput = NonNullable<Fixtures['signatories']>[number];

const ERIKA_MUSTERMANN: SignatoryInput = {
  first_name: 'Erika',
  last_name: 'Mustermann',
  email: 'erika.mustermann@example.com',
  telephone: '+49 30 1234567',
  nationality: 'DE',
  birthdate: '1978-04-12',
  street: 'Hauptstraße',
  street_number: '12',
  postcode: '10115',
  location: 'Berlin',
  country: 'DE',
  is_beneficial_owner: true,
  percentage_owned: 0.6,
  is_legal_signatory: true,
  is_contract_signatory: true,
  is_sole_signatory: true,
};

/** A complete representative who can sign alone: every required field filled, 60 % owner, no TIN. */
export function buildSignatory(overrides: SignatoryInput = {}): SignatoryInput {
  return { ...ERIKA_MUSTERMANN, ...overrides };
}

/**
 * A finance object (POST /user/applications/{id}/finance_objects) that passes every rule: a
 * machine bought from a German merchant, leased, with down payment and remaining value below the
 * price.
 */
export function buildFinanceObject(overrides: FinanceObjectInput = {}): FinanceObjectInput {
  return {
    manufacturer: 'Trumpf',
    type: 'TruLaser 3030',
    built_at: 2024,
    detail_desc: 'Laser cutting machine\nwith loading unit',
    net_purchase_price: 250_000.5,
    down_payment: 25_000,
    remaining_value: 50_000,
    object_count: 1,
    financing_type: 'leasing',
    rental_state: 'no',
    is_fixed_interest: true,
    expected_delivery_date: '2026-09-30',
    merchant_name: 'Maschinenhandel Süd GmbH',
    merchant_street: 'Industriestraße',
    merchant_house_num: '7a',
    merchant_city: 'Stuttgart',
    merchant_postcode: '70565',
    merchant_country: 'DE',
    merchant_company_id: null,
    ...overrides,
  };
}

/**
 * An advisor appointment booking (POST /user/applications/{id}/appointments) that passes every
 * rule but the time's: `meeting_time` (ISO 8601 with the offset of its zone, a free slot of the
 * partner's config) is the caller's, as only the caller knows its clock and the partner's days.
 */
export function buildAppointment(
  overrides: CreateAppointmentRequest & { meeting_time: string },
): CreateAppointmentRequest & { meeting_time: string } {
  return {
    meeting_type: 'telephone',
    first_name: 'Erika',
    last_name: 'Mustermann',
    company_name: 'Mustermann Maschinenbau GmbH',
    contact_email: 'erika.mustermann@example.com',
    contact_phone: '+49 30 1234567',
    notes: 'Fragen zur Laufzeit\nund zu Sondertilgungen',
    ...overrides,
  };
}

// Factoring details, debtors, new companies and debtor CSV files (issue 12, ADR 018).
export * from './factoring.js';

import { borrowerActions, caseCapabilities } from '@finportal/contracts/application/policies';
import { availableMoves } from '@finportal/contracts/application/workflow';
import { isFileAvailable } from '@finportal/contracts/document-rules';
import type { Application, ApplicationListItem } from '@finportal/contracts/applications';
import type { Profile } from '@finportal/contracts/auth';
import type { CaseDetail, QueueItem, StaffProfile } from '@finportal/contracts/backoffice';
import { BACKOFFICE_PERMISSIONS } from '@finportal/contracts/backoffice-permissions';
import type { CompanySearchResult } from '@finportal/contracts/company-search';
import type { DataRequest } from '@finportal/contracts/data-requests';
import type { Document } from '@finportal/contracts/documents';
import type { CreatedApplication } from '@finportal/contracts/offers';
import type { AppConfig, PartnerConfig } from '@finportal/contracts/partner';
import type { NextStatusValidateResponse, PendingAction } from '@finportal/contracts/pending-items';
import type { Signatory } from '@finportal/contracts/representative-schemas';

/** Test data builders (one per entity): `buildX(overrides)`. */

export function buildPartnerConfig(overrides: Partial<PartnerConfig> = {}): PartnerConfig {
  return {
    key: 'demo',
    logo_url: '/api/partner/key/demo/logo',
    entitlements: ['whitelabeled_user_branding', 'company_research'],
    fe_theme: { color_link: '#0b5cad', color_primary: '#0b5cad', color_cta_text: '#ffffff' },
    ...overrides,
    parameters: {
      customer_support_email: 'support@demo-finanz.example',
      customer_support_phone: '+49 30 1234 5678',
      display_name: 'Demo Finanz',
      legal_name: 'Demo Finanz GmbH',
      terms_url: 'https://demo-finanz.example/partner-agb',
      data_protection_url: 'https://demo-finanz.example/partner-datenschutz',
      is_partner_terms_required: false,
      user_application_types: ['working_capital_loan'],
      country_company_types: {},
      supported_application_types_by_country: {},
      ...overrides.parameters,
    },
  };
}

export function buildAppConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    public_features: [],
    currencies: { supported: ['EUR'], default: 'EUR' },
    url_list: {
      terms: 'https://demo-finanz.example/agb',
      privacy_policy: 'https://demo-finanz.example/datenschutz',
      imprint: 'https://demo-finanz.example/impressum',
      terms_of_use: null,
    },
    languages: { supported: ['de', 'en', 'pl', 'fr'], default: 'de' },
    company_types: { supported: ['GMBH'], default: 'GMBH' },
    products: {
      working_capital_loan: 'general_liquidity',
      event_driven_financing_loan: 'project',
      factoring: 'factoring',
    },
    user_create_application: true,
    loan_purposes: { items: [], by_loan_type: {} },
    tag_manager_id: null,
    cookie_required: false,
    is_dynamic_form: false,
    appointment_config: null,
    show_indicative_offer: true,
    fe_hide_items: [],
    show_sl_keys: false,
    allowed_file_upload_type_list: ['pdf'],
    countries: ['DE'],
    supported_countries: ['DE'],
    eligibility: {
      excluded_company_types: [],
      amount_ranges: {},
      duration_ranges: {},
      factoring_limit_range: { min: 10_000, max: 5_000_000 },
      min_annual_sales: 0,
    },
    ...overrides,
  };
}

export function buildProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    user_id: 'u-1',
    email: 'max@example.com',
    emailVerified: true,
    is_email_confirmed: true,
    interface_language: 'en',
    communication_language: 'en',
    region: null,
    marketing_consent_accepted: false,
    user_kind: 'user',
    ...overrides,
  };
}

export function buildCompanySearchResult(overrides: Partial<CompanySearchResult> = {}): CompanySearchResult {
  return {
    id: 'reg-1001',
    name: 'Musterbau Schmidt GmbH',
    street: 'Hauptstraße 12',
    street_name: 'Hauptstraße',
    house_number: '12',
    plz: '10115',
    ort: 'Berlin',
    land: 'DE',
    isInternal: false,
    inPortfolio: false,
    companyType: 'GMBH',
    businessPurpose: 'Hoch- und Tiefbau',
    tax_id_number: null,
    register_number: 'HRB 12345',
    register_court: 'Berlin',
    foundation_date: '2005-04-01',
    company_custom_fields: [],
    external_provider_company_id: 'reg-1001',
    external_provider_name: 'demo_registry',
    credit_provider_id: 'reg-1001',
    ...overrides,
  };
}

export function buildCreatedApplication(overrides: Partial<CreatedApplication> = {}): CreatedApplication {
  return {
    status: 'Open',
    applicationId: 'app-0001',
    shortApplicationId: 'FP-1A2B3C',
    loanSize: 100000,
    loanDuration: 48,
    display_duration_unit: 'months',
    currency: 'EUR',
    allBanksLoanPurpose: 'working_capital_loan',
    product_type: 'general_liquidity',
    pricing: {
      offer_rate_low: 5.75,
      offer_rate_high: 5.75,
      offer_representative_monthly_rate_low: 2337.12,
      offer_representative_monthly_rate_high: 2337.12,
      offer_is_range: false,
      monthly_payment: 2337.12,
      total_transaction_fee: 2000,
      is_final_interest_rate: false,
      is_final_transaction_fee: false,
    },
    factoring: null,
    rejection_reason: null,
    companyName: 'Musterbau Schmidt GmbH',
    company_id: 'co-1',
    created: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}

export function buildApplicationListItem(overrides: Partial<ApplicationListItem> = {}): ApplicationListItem {
  return {
    applicationId: '3f7c1a52-8d4e-4a7b-9a61-0c2d5e6f7a81',
    shortApplicationId: 'K7QX2M4P',
    status: 'Open',
    status_flow: ['Open', 'Submitted', 'Signature', 'Final_Review', 'Paid_Out'].map((status_name) => ({ status_name })),
    created: '2026-11-02T09:15:00.000Z',
    currency: 'EUR',
    allBanksLoanPurpose: 'working_capital_loan',
    amount: 120000,
    companyName: 'Musterbau Schmidt GmbH',
    allowed_updates: [
      'signatory',
      'signatory_other',
      'signatory_flags',
      'signatory_tin',
      'signatory_contact',
      'taxIdNumber',
      'bankinfo',
      'custom_fields',
      'debitor',
    ],
    document_configurations: {
      document_categories: [],
      annual_statement_base_year: null,
      annual_statement_base_years: [],
    },
    ...overrides,
  };
}

export function buildApplication(overrides: Partial<Application> = {}): Application {
  const base = buildApplicationListItem(overrides);
  const app: Application = {
    ...base,
    application_id: base.applicationId,
    product: { product_id: 'general_liquidity' },
    loanSize: 120000,
    loanDuration: 48,
    display_duration_unit: 'months',
    purposeSelect: 'operating_expenses',
    pricing: null,
    rejection_reason: null,
    company_id: '9b2e4c6d-1f3a-4b5c-8d7e-6f5a4b3c2d1e',
    companyType: 'GMBH',
    street: 'Hauptstraße',
    houseNumber: '12',
    companyPostCode: '10115',
    companyLocation: 'Berlin',
    companyCountry: 'DE',
    hrNumber: 'HRB 123456',
    companyFoundationDate: '2015-03-01',
    taxIdNumber: null,
    bankName: null,
    iban: null,
    custom_fields_list: [],
    company_custom_fields: [],
    is_appointment_created: false,
    is_dynamic_form: false,
    factoring: null,
    is_owner: true,
    current_signatory: null,
    final_offer: null,
    actions: [],
    ...overrides,
  };
  // What the server sends the owner (contracts borrowerActions over the workflow), unless given.
  const actions =
    overrides.actions ??
    (app.is_owner
      ? borrowerActions(
          availableMoves(
            app.status,
            { kind: 'applicant', id: 'u-1' },
            { pendingItems: 0, finalPricingSet: !!app.final_offer },
          ),
        )
      : []);
  return { ...app, actions };
}

export function buildPendingAction(overrides: Partial<PendingAction> = {}): PendingAction {
  return {
    action: 'bank_information',
    step: 'bank_information',
    errors: [{ code: 'err_no_iban', values: [] }],
    next_status: 'Submitted',
    ...overrides,
  };
}

export function buildNextStatus(overrides: Partial<NextStatusValidateResponse> = {}): NextStatusValidateResponse {
  return { pending_actions: [], next_status: 'Submitted', ...overrides };
}

/**
 * A representative as GET /signatories answers it: a German managing director who owns 60 %, can
 * sign alone and is the main contact; every field rule passes (companyTaxId of buildApplication: null).
 */
export function buildSignatory(overrides: Partial<Signatory> = {}): Signatory {
  return {
    signatory_id: 'sig-1',
    application_id: '3f7c1a52-8d4e-4a7b-9a61-0c2d5e6f7a81',
    first_name: 'Anna',
    last_name: 'Berger',
    email: 'anna.berger@example.com',
    telephone: '+49 30 1234567',
    position: 'Geschäftsführerin',
    nationality: 'DE',
    birthdate: '1980-04-12',
    taxid: '86095742719',
    street: 'Hauptstraße',
    street_number: '12a',
    postcode: '10115',
    location: 'Berlin',
    country: 'DE',
    is_beneficial_owner: true,
    percentage_owned: 0.6,
    is_legal_signatory: true,
    is_contract_signatory: true,
    is_sole_signatory: true,
    is_main_contact: true,
    is_current_actor: false,
    invite_status: 'not_invited',
    invitation: null,
    is_guarantor: false,
    kyc_status: {},
    requirements: null,
    credit_score: null,
    custom_fields_list: [],
    ...overrides,
  };
}

/** A back-office staff member as GET /backoffice/me answers it: a bouser who sees two partners. */
export function buildStaffProfile(overrides: Partial<StaffProfile> = {}): StaffProfile {
  return {
    id: 'staff-1',
    email: 'clara.kredit@bank.example',
    kind: 'bouser',
    role: null,
    partner_id: null,
    host_partner_id: 'demo',
    permissions: [...BACKOFFICE_PERMISSIONS],
    partners: [
      { key: 'demo', display_name: 'Demo Finanz' },
      { key: 'nordbank', display_name: 'Nordbank' },
    ],
    ...overrides,
  };
}

/** A row of the back-office queue: a submitted working-capital loan, unassigned, three days in its status. */
export function buildQueueItem(overrides: Partial<QueueItem> = {}): QueueItem {
  const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000 - 3_600_000).toISOString();
  return {
    id: '3f7c1a52-8d4e-4a7b-9a61-0c2d5e6f7a81',
    short_id: 'K7M2QX',
    partner_id: 'demo',
    company_name: 'Muster Maschinenbau GmbH',
    loan_type: 'working_capital_loan',
    product_type: 'general_liquidity',
    amount: 120000,
    currency: 'EUR',
    status: 'Submitted',
    display_group: 'in_review',
    created_at: '2026-03-02T09:15:00.000Z',
    submitted_at: '2026-03-02T09:40:00.000Z',
    status_since: threeDaysAgo,
    assignee: null,
    ...overrides,
  };
}

/** A case as GET /backoffice/applications/{id} answers it: the queue row, the application and its workflow. */
export function buildCase(overrides: Partial<CaseDetail> = {}): CaseDetail {
  const item = buildQueueItem(overrides);
  const base: Omit<CaseDetail, 'transitions' | 'allowed_transitions' | 'capabilities' | 'followers_pending'> = {
    ...item,
    application: buildApplication({
      applicationId: item.id,
      shortApplicationId: item.short_id,
      status: item.status,
      companyName: item.company_name,
      bankName: 'Berliner Volksbank',
      iban: 'DE89370400440532013000',
    }),
    owner: { id: 'u-1', email: 'max@example.com', communication_language: 'de' },
    representatives: { signatories: [buildSignatory()], guarantees_required: false },
    documents: [],
    finance_objects: null,
    factoring: null,
    debitors: null,
    appointment: null,
    pending: buildNextStatus({ next_status: null }),
    status_history: [],
    requests: [],
    final_pricing: null,
    pricing_bounds: { interest_rate_min: 1, interest_rate_max: 15, transaction_fee_max: 50000 },
    custom_field_labels: {},
    ...overrides,
  };
  // What the server sends staff-1 (a bouser, buildStaffProfile) from the workflow, unless given:
  // the moves with their guards (the final pricing, four eyes against its writer), the capabilities.
  const transitions =
    overrides.transitions ??
    availableMoves(
      base.status,
      { kind: 'staff', id: 'staff-1', permissions: BACKOFFICE_PERMISSIONS },
      {
        pendingItems: base.pending.pending_actions.length,
        finalPricingSet: base.final_pricing !== null,
        pricingWriterIds: base.final_pricing ? [base.final_pricing.set_by.id] : [],
        signaturesComplete: false,
      },
    );
  return {
    ...base,
    transitions,
    allowed_transitions:
      overrides.allowed_transitions ?? transitions.filter((m) => m.blocked_by === null).map((m) => m.to),
    capabilities: overrides.capabilities ?? caseCapabilities(BACKOFFICE_PERMISSIONS, base.status),
    followers_pending: overrides.followers_pending ?? false,
  };
}

/** A document as GET .../documents lists it: a clean PDF of the 2024 annual statement, not rejected. */
export function buildDocument(overrides: Partial<Document> = {}): Document {
  const doc: Omit<Document, 'is_available'> = {
    document_id: 'doc-1',
    document_name: 'Jahresabschluss 2024.pdf',
    document_type: 'annual_statement_2024',
    as_of_date: null,
    entity_kind: 'application',
    entity_id: 'app-1',
    is_client_visible: true,
    upload_status: 'success',
    virus_scan_status: 'not_infected',
    content_type: 'application/pdf',
    size_bytes: 832_000,
    created_at: '2026-06-01T10:00:00.000Z',
    rejected_at: null,
    rejection_reason: null,
    ...overrides,
  };
  // As the API judges it without a virus scanner (contracts isFileAvailable), unless given.
  return { ...doc, is_available: overrides.is_available ?? isFileAvailable(doc, false) };
}

/** A request of the back office as GET .../requests lists it: an open question. */
export function buildDataRequest(overrides: Partial<DataRequest> = {}): DataRequest {
  return {
    id: 'req-1',
    kind: 'information',
    document_type: null,
    message: 'Which bank holds your current account, and since when?',
    status: 'open',
    rejected_document_id: null,
    answer: null,
    created_at: '2026-06-02T09:00:00.000Z',
    closed_at: null,
    ...overrides,
  };
}

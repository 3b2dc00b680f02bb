import {
  bigint,
  bigserial,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { CustomFieldEntry } from '@finportal/contracts/applications';
import type { CreditReportProvider } from '@finportal/contracts/constants';
import type { CoverStatus } from '@finportal/contracts/debitor-rules';
import type { Pricing } from '@finportal/contracts/offers';
import type { CustomFieldValue } from './schema.js';

/** Mirrors migrations/0004_applications.sql and 0005_dashboard.sql (the migration is the source of truth; a test compares both). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { mode: 'number' });

export const applications = pgTable('applications', {
  id: uuid('id').primaryKey().defaultRandom(),
  shortId: text('short_id').notNull().unique(),
  partnerId: text('partner_id').notNull(),
  userId: uuid('user_id').notNull(),
  companyId: uuid('company_id').notNull(),
  status: text('status').notNull(),
  loanType: text('loan_type').notNull(),
  productType: text('product_type').notNull(),
  amount: integer('amount'),
  durationMonths: integer('duration_months'),
  displayDurationUnit: text('display_duration_unit').$type<'months' | 'years'>().notNull().default('months'),
  currency: text('currency').notNull(),
  purposeSelect: text('purpose_select'),
  purposeDescription: text('purpose_description'),
  purposeKey: text('purpose_key'),
  factoringLimit: money('factoring_limit'),
  hasInternationalCustomers: boolean('has_international_customers'),
  annualSalesPreviousYear: money('annual_sales_previous_year'),
  annualSalesPreviousYearAbroad: money('annual_sales_previous_year_abroad'),
  pricing: jsonb('pricing').$type<Pricing>(),
  factoringFeeRate: money('factoring_fee_rate'),
  annualFactoringFee: money('annual_factoring_fee'),
  rejectionReason: text('rejection_reason'),
  isDynamicForm: boolean('is_dynamic_form').notNull().default(false),
  referrer: text('referrer'),
  referralData: jsonb('referral_data').$type<Record<string, string>>(),
  customFields: jsonb('custom_fields').$type<CustomFieldValue[]>().notNull().default([]),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  bankName: text('bank_name'),
  iban: text('iban'),
  factoringDetails: jsonb('factoring_details').$type<Record<string, unknown>>().notNull().default({}),
  /** The annual statements' base year the customer chose (ADR 015); null: the configured one. */
  annualStatementBaseYear: integer('annual_statement_base_year'),
  submittedAt: ts('submitted_at'),
  /** 0014_backoffice.sql (issue 13): the staff member who took the case. */
  assigneeId: uuid('assignee_id'),
  /** When it entered its current status (a trigger keeps it). */
  statusChangedAt: ts('status_changed_at').notNull().defaultNow(),
  /** 0021_queue_at_volume.sql (issue 28, ADR 041): the company's name, kept by triggers for the queue. */
  companyName: text('company_name').notNull().default(''),
  /** The final pricing the back office set, who set it and when (four eyes: that person cannot approve). */
  finalInterestRate: money('final_interest_rate'),
  finalTransactionFee: money('final_transaction_fee'),
  finalMonthlyPayment: money('final_monthly_payment'),
  pricingSetBy: uuid('pricing_set_by'),
  pricingSetAt: ts('pricing_set_at'),
  /** 0019_workflow.sql (issue 24): the borrower accepted the final offer. */
  offerAcceptedAt: ts('offer_accepted_at'),
  offerAcceptedBy: uuid('offer_accepted_by'),
});

/** 0019_workflow.sql (issue 24, ADR 021): every write of the final pricing (four eyes over all of them). */
export const applicationPricingWrites = pgTable('application_pricing_writes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  applicationId: uuid('application_id').notNull(),
  staffId: uuid('staff_id').notNull(),
  interestRate: money('interest_rate').notNull(),
  transactionFee: money('transaction_fee').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const applicationStatusHistory = pgTable('application_status_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  applicationId: uuid('application_id').notNull(),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  changedBy: uuid('changed_by'),
  reason: text('reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Whose id changed_by is: a borrower (users) or a staff member (staff_users); 'system': a job, no person. */
  changedByKind: text('changed_by_kind').$type<'user' | 'staff' | 'system'>(),
});

export interface KycStep {
  is_required: boolean;
  is_completed: boolean;
}
export type InviteStatus = 'not_invited' | 'not_accepted' | 'expired' | 'accepted';

export const signatories = pgTable('signatories', {
  id: uuid('id').primaryKey().defaultRandom(),
  applicationId: uuid('application_id').notNull(),
  partnerId: text('partner_id').notNull(),
  userId: uuid('user_id'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  email: text('email'),
  telephone: text('telephone'),
  position: text('position'),
  nationality: text('nationality'),
  birthdate: date('birthdate', { mode: 'string' }),
  taxid: text('taxid'),
  street: text('street'),
  streetNumber: text('street_number'),
  postcode: text('postcode'),
  location: text('location'),
  country: text('country'),
  isBeneficialOwner: boolean('is_beneficial_owner'),
  percentageOwned: money('percentage_owned'),
  isLegalSignatory: boolean('is_legal_signatory'),
  isContractSignatory: boolean('is_contract_signatory'),
  isSoleSignatory: boolean('is_sole_signatory'),
  isMainContact: boolean('is_main_contact').notNull().default(false),
  inviteStatus: text('invite_status').$type<InviteStatus>().notNull().default('not_invited'),
  kycStatus: jsonb('kyc_status').$type<Record<string, KycStep>>().notNull().default({}),
  requirements: jsonb('requirements').$type<Record<string, unknown>>(),
  /** Answers to the partner's signatory custom fields (scope signatory), in their stored form. */
  customFields: jsonb('custom_fields').$type<CustomFieldEntry[]>().notNull().default([]),
  /** Issue 14 (ADR 020): step 4, completion, the first invitation and the newest reminder. */
  sepaMandateAcceptedAt: ts('sepa_mandate_accepted_at'),
  legalSignatureAcceptedAt: ts('legal_signature_accepted_at'),
  signatureCompletedAt: ts('signature_completed_at'),
  firstInvitedAt: ts('first_invited_at'),
  lastReminderAt: ts('last_reminder_at'),
  creditScore: jsonb('credit_score').$type<{ provider: CreditReportProvider; score: number }>(),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const documents = pgTable('documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  applicationId: uuid('application_id').notNull(),
  partnerId: text('partner_id').notNull(),
  entityKind: text('entity_kind')
    .$type<'application' | 'company' | 'global_company' | 'loan'>()
    .notNull()
    .default('application'),
  entityId: uuid('entity_id'),
  documentType: text('document_type').notNull(),
  documentName: text('document_name').notNull(),
  asOfDate: date('as_of_date', { mode: 'string' }),
  storageKey: text('storage_key'),
  contentType: text('content_type'),
  sizeBytes: bigint('size_bytes', { mode: 'number' }),
  uploadStatus: text('upload_status').$type<'pending' | 'success' | 'failed'>().notNull().default('pending'),
  virusScanStatus: text('virus_scan_status')
    .$type<'not_scanned' | 'scanning' | 'not_infected' | 'infected' | 'scan_failed'>()
    .notNull()
    .default('not_scanned'),
  isClientVisible: boolean('is_client_visible').notNull().default(true),
  /** The size POST announced (the PUT must send exactly this many bytes). */
  announcedSize: bigint('announced_size', { mode: 'number' }),
  /** SHA-256 (hex) of the file: announced at POST, or computed from what the PUT sent. */
  sha256: text('sha256'),
  /** The upload URL's token, hashed; cleared when the PUT uses it (single use). */
  uploadTokenHash: text('upload_token_hash'),
  uploadExpiresAt: ts('upload_expires_at'),
  /** When the PUT's bytes were stored. */
  uploadedAt: ts('uploaded_at'),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
  /** 0015_data_requests.sql: the back office rejected it (it no longer counts; its slot is open again). */
  rejectedAt: ts('rejected_at'),
  rejectionReason: text('rejection_reason'),
  rejectedBy: uuid('rejected_by'),
});

/** Short-lived download URLs (GET .../download_url): the token hashed, until it expires. */
export const documentDownloads = pgTable('document_downloads', {
  tokenHash: text('token_hash').primaryKey(),
  documentId: uuid('document_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

export const financeObjects = pgTable('finance_objects', {
  id: uuid('id').primaryKey().defaultRandom(),
  applicationId: uuid('application_id').notNull(),
  partnerId: text('partner_id').notNull(),
  manufacturer: text('manufacturer'),
  type: text('type'),
  builtAt: integer('built_at'),
  detailDesc: text('detail_desc'),
  netPurchasePrice: money('net_purchase_price'),
  downPayment: money('down_payment'),
  remainingValue: money('remaining_value'),
  objectCount: integer('object_count'),
  financingType: text('financing_type'),
  rentalState: text('rental_state'),
  isFixedInterest: boolean('is_fixed_interest'),
  expectedDeliveryDate: date('expected_delivery_date', { mode: 'string' }),
  merchantName: text('merchant_name'),
  merchantStreet: text('merchant_street'),
  merchantHouseNum: text('merchant_house_num'),
  merchantCity: text('merchant_city'),
  merchantPostcode: text('merchant_postcode'),
  merchantCountry: text('merchant_country'),
  merchantCompanyId: uuid('merchant_company_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const factoringDebitors = pgTable('factoring_debitors', {
  id: uuid('id').primaryKey().defaultRandom(),
  applicationId: uuid('application_id').notNull(),
  partnerId: text('partner_id').notNull(),
  companyId: uuid('company_id').notNull(),
  annualSalesPreviousYear: money('annual_sales_previous_year').notNull(),
  currency: text('currency').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  // Migration 0013 (ADR 018): who added it, and the insurance cover (null until requested).
  createdBy: uuid('created_by'),
  coverStatus: text('cover_status').$type<CoverStatus>(),
  coverAmount: money('cover_amount'),
  coverCurrency: text('cover_currency'),
  coverRequestedAmount: money('cover_requested_amount'),
  coverRequestId: uuid('cover_request_id'),
  coverReference: text('cover_reference'),
  coverRequestedAt: ts('cover_requested_at'),
  coverDecidedAt: ts('cover_decided_at'),
  providerData: jsonb('provider_data').$type<Record<string, string | number | boolean | null>>(),
});

export const appointments = pgTable('appointments', {
  id: uuid('id').primaryKey().defaultRandom(),
  applicationId: uuid('application_id').notNull(),
  partnerId: text('partner_id').notNull(),
  userId: uuid('user_id').notNull(),
  meetingType: text('meeting_type').notNull(),
  meetingTime: ts('meeting_time').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  companyName: text('company_name').notNull(),
  contactEmail: text('contact_email').notNull(),
  contactPhone: text('contact_phone').notNull(),
  notes: text('notes'),
  createdAt: ts('created_at').notNull().defaultNow(),
  // 0012_appointments.sql (ADR 017)
  status: text('status').$type<'booked' | 'cancelled'>().notNull().default('booked'),
  advisorKey: text('advisor_key')
    .notNull()
    .default(sql`('unassigned:' || gen_random_uuid()::text)`),
  meetingEnd: ts('meeting_end').notNull(),
  timeZone: text('time_zone').notNull().default('Europe/Berlin'),
  language: text('language').notNull().default('de'),
  icalUid: text('ical_uid')
    .notNull()
    .default(sql`(gen_random_uuid()::text || '@finportal')`),
  icalSequence: integer('ical_sequence').notNull().default(0),
  remindedAt: ts('reminded_at'),
  cancelledAt: ts('cancelled_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The single-use cancel and move links of the appointment e-mails (0012_appointments.sql). */
export const appointmentTokens = pgTable('appointment_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  appointmentId: uuid('appointment_id').notNull(),
  partnerId: text('partner_id').notNull(),
  action: text('action').$type<'cancel' | 'move'>().notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

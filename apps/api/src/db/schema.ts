import {
  bigint,
  bigserial,
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Mirrors migrations/*.sql (the migrations are the source of truth; a test compares both). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const partners = pgTable('partners', {
  id: text('id').primaryKey(),
  config: jsonb('config').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** 0016_partner_console.sql: 'file' (partners/*.json, synchronised at boot) or 'console' (published there; the file no longer applies). */
  source: text('source').$type<'file' | 'console'>().notNull().default('file'),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  partnerId: text('partner_id').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  status: text('status').$type<'active' | 'invited' | 'disabled' | 'locked' | 'deleted'>().notNull().default('active'),
  userKind: text('user_kind').$type<'user' | 'puser' | 'bouser'>().notNull().default('user'),
  emailConfirmedAt: ts('email_confirmed_at'),
  interfaceLanguage: text('interface_language').notNull().default('de'),
  communicationLanguage: text('communication_language').notNull().default('de'),
  region: text('region'),
  marketingConsent: boolean('marketing_consent').notNull().default(false),
  acceptedTermsAt: ts('accepted_terms_at'),
  acceptedPartnerTermsAt: ts('accepted_partner_terms_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: uuid('user_id').notNull(),
  partnerId: text('partner_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  endedAt: ts('ended_at'),
  endedReason: text('ended_reason'),
});

export type TokenKind = 'confirm_email' | 'reset_password' | 'invite';
export const userTokens = pgTable('user_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  kind: text('kind').$type<TokenKind>().notNull(),
  userId: uuid('user_id').notNull(),
  partnerId: text('partner_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  count: integer('count').notNull(),
  blockedUntil: ts('blocked_until'),
});

/** Browsers an account has logged in from (hashed cookie tokens); see platform/rate-limit.ts. */
export const knownDevices = pgTable(
  'known_devices',
  {
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id').notNull(),
    partnerId: text('partner_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.userId] })],
);

export type MailStatus = 'pending' | 'sent' | 'stored' | 'failed';
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  partnerId: text('partner_id').notNull(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  template: text('template').notNull(),
  language: text('language').notNull(),
  status: text('status').$type<MailStatus>().notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
  lastError: text('last_error'),
  createdAt: ts('created_at').notNull().defaultNow(),
  sentAt: ts('sent_at'),
  /** Files sent with the message (0012_appointments.sql: the calendar invitation). */
  attachments: jsonb('attachments').$type<MailAttachment[]>(),
});

/** A text file sent with a message, e.g. `invite.ics` as `text/calendar; method=REQUEST`. */
export interface MailAttachment {
  filename: string;
  content_type: string;
  content: string;
}

export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  partnerId: text('partner_id'),
  userId: uuid('user_id'),
  action: text('action').notNull(),
  entity: text('entity'),
  entityId: text('entity_id'),
  data: jsonb('data'),
  ip: text('ip'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** 0014_backoffice.sql: who wrote it (a borrower, staff, a job), about which application, before and after (masked). */
  actorKind: text('actor_kind').$type<'user' | 'staff' | 'system'>(),
  applicationId: uuid('application_id'),
  before: jsonb('before'),
  after: jsonb('after'),
  /** The hash chain (platform/audit.ts): gapless sequence, previous hash, own hash; null until sealed. */
  seq: bigint('seq', { mode: 'number' }).unique(),
  prevHash: text('prev_hash'),
  hash: text('hash'),
});

export interface CustomFieldValue {
  field_id: string;
  field_value: unknown;
}

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  partnerId: text('partner_id').notNull(),
  name: text('name').notNull(),
  street: text('street'),
  houseNumber: text('house_number'),
  postcode: text('postcode'),
  city: text('city'),
  country: text('country').notNull(),
  companyType: text('company_type'),
  businessPurpose: text('business_purpose'),
  taxIdNumber: text('tax_id_number'),
  registerNumber: text('register_number'),
  registerCourt: text('register_court'),
  foundationDate: date('foundation_date', { mode: 'string' }),
  externalProviderCompanyId: text('external_provider_company_id'),
  externalProviderName: text('external_provider_name'),
  customFields: jsonb('custom_fields').$type<CustomFieldValue[]>().notNull().default([]),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** The normalised name (platform/search-text.ts searchText); NULL until indexed (COLLATE "C" in SQL). */
  searchText: text('search_text'),
  /**
   * The borrower whose own company this is ("company"); NULL: a portfolio company of the partner
   * ("global company"), register data only: no tax number, no custom fields (ADR 009).
   */
  ownerUserId: uuid('owner_user_id'),
  /** An own company copied from a portfolio company: that company. (Both ids reference their tables in SQL.) */
  globalCompanyId: uuid('global_company_id'),
});
export * from './schema-applications.js';
export * from './schema-company-search.js';
export * from './schema-jobs.js';
export * from './schema-backoffice.js';
export * from './schema-signatures.js';

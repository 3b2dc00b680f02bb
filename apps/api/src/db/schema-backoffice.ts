import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import type { PartnerRole, StaffKind } from '@finportal/contracts/backoffice-permissions';

/** Mirrors migrations/0014_backoffice.sql (issue 13, ADR 019). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const staffUsers = pgTable('staff_users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  kind: text('kind').$type<StaffKind>().notNull(),
  partnerId: text('partner_id'),
  role: text('role').$type<PartnerRole>(),
  totpSecret: text('totp_secret').notNull(),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
  status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type StaffUser = typeof staffUsers.$inferSelect;

export const staffSessions = pgTable('staff_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  staffId: uuid('staff_id').notNull(),
  partnerId: text('partner_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  endedAt: ts('ended_at'),
});

export const auditChainHead = pgTable('audit_chain_head', {
  id: integer('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});

/** Mirrors migrations/0015_data_requests.sql: the back office asks the borrower for a document or information. */
export const dataRequests = pgTable('data_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  applicationId: uuid('application_id').notNull(),
  kind: text('kind').$type<'document' | 'information'>().notNull(),
  documentType: text('document_type'),
  message: text('message').notNull(),
  status: text('status').$type<'open' | 'fulfilled' | 'cancelled'>().notNull().default('open'),
  rejectedDocumentId: uuid('rejected_document_id'),
  createdBy: uuid('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  answer: text('answer'),
  fulfilledDocumentId: uuid('fulfilled_document_id'),
  closedAt: ts('closed_at'),
});
export type DataRequestRow = typeof dataRequests.$inferSelect;

/** Mirrors migrations/0016_partner_console.sql: the console's draft of a partner (its console fields). */
export const partnerDrafts = pgTable('partner_drafts', {
  partnerId: text('partner_id').primaryKey(),
  config: jsonb('config').notNull(),
  updatedBy: uuid('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Every configuration published in the console (the whole partner configuration), numbered per partner. */
export const partnerVersions = pgTable(
  'partner_versions',
  {
    partnerId: text('partner_id').notNull(),
    version: integer('version').notNull(),
    config: jsonb('config').notNull(),
    publishedBy: uuid('published_by'),
    publishedAt: ts('published_at').notNull().defaultNow(),
    restoredFrom: integer('restored_from'),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.version] })],
);

/** Mirrors migrations/0017_webhooks.sql: a partner's webhook endpoint. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  partnerId: text('partner_id').primaryKey(),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  failingSince: ts('failing_since'),
  disabledAt: ts('disabled_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export interface WebhookAttempt {
  at: string;
  /** The HTTP status; null when no answer came (the error says why). */
  status: number | null;
  error: string | null;
  /** The first 500 characters of the answer's body. */
  body: string | null;
  ms: number;
}

/** One event for a partner's endpoint, with every attempt to deliver it. */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: text('id').primaryKey(),
  partnerId: text('partner_id').notNull(),
  eventType: text('event_type').notNull(),
  payload: jsonb('payload').notNull(),
  status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  attemptLog: jsonb('attempt_log').$type<WebhookAttempt[]>().notNull().default([]),
  nextAttemptAt: ts('next_attempt_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  deliveredAt: ts('delivered_at'),
});

/** Browsers a staff member has logged in from (hashed cookie tokens; migrations/0020, issue 25). */
export const staffKnownDevices = pgTable(
  'staff_known_devices',
  {
    tokenHash: text('token_hash').notNull(),
    staffId: uuid('staff_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.staffId] })],
);

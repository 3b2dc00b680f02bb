import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mirrors migrations/0018_signatures.sql (issue 14, ADR 020). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const signatureInvitations = pgTable('signature_invitations', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  signatoryId: uuid('signatory_id').notNull(),
  applicationId: uuid('application_id').notNull(),
  partnerId: text('partner_id').notNull(),
  email: text('email').notNull(),
  createdByKind: text('created_by_kind').$type<'system' | 'staff' | 'user'>().notNull().default('system'),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  usedBy: uuid('used_by'),
  supersededAt: ts('superseded_at'),
});
export type SignatureInvitation = typeof signatureInvitations.$inferSelect;

export const identSessions = pgTable('ident_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  ref: text('ref').notNull().unique(),
  signatoryId: uuid('signatory_id').notNull(),
  applicationId: uuid('application_id').notNull(),
  partnerId: text('partner_id').notNull(),
  userId: uuid('user_id'),
  provider: text('provider').notNull(),
  kind: text('kind').$type<'ident' | 'esign'>().notNull(),
  status: text('status')
    .$type<'not_started' | 'in_progress' | 'completed' | 'under_review' | 'canceled' | 'failed' | 'expired'>()
    .notNull()
    .default('not_started'),
  documentIds: jsonb('document_ids').$type<string[]>().notNull().default([]),
  /** 0019_workflow.sql: the SHA-256 of each document the session covered, by document id. */
  documentHashes: jsonb('document_hashes').$type<Record<string, string>>().notNull().default({}),
  ip: text('ip'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  completedAt: ts('completed_at'),
});
export type IdentSessionRow = typeof identSessions.$inferSelect;

export const identEvents = pgTable(
  'ident_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    status: text('status').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export const signingRecords = pgTable('signing_records', {
  id: uuid('id').primaryKey().defaultRandom(),
  applicationId: uuid('application_id').notNull(),
  partnerId: text('partner_id').notNull(),
  signatoryId: uuid('signatory_id').notNull(),
  userId: uuid('user_id'),
  documentId: uuid('document_id').notNull(),
  signedDocumentId: uuid('signed_document_id'),
  provider: text('provider').notNull(),
  method: text('method').$type<'online' | 'offline'>().notNull(),
  identSessionId: uuid('ident_session_id'),
  ip: text('ip'),
  sha256Before: text('sha256_before').notNull(),
  sha256After: text('sha256_after'),
  signedAt: ts('signed_at').notNull().defaultNow(),
});
export type SigningRecordRow = typeof signingRecords.$inferSelect;

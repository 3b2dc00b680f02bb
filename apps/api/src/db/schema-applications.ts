import { bigserial, boolean, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Pricing } from '@finportal/contracts/offers';
import type { CustomFieldValue } from './schema.js';

/** Mirrors migrations/0004_applications.sql (the migration is the source of truth; a test compares both). */
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
});

export const applicationStatusHistory = pgTable('application_status_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  applicationId: uuid('application_id').notNull(),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  changedBy: uuid('changed_by'),
  reason: text('reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

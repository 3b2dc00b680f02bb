import { date, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './schema.js';

/** Mirrors migrations/0003_company_search.sql (term columns are COLLATE "C" there). */

export const demoRegistryCompanies = pgTable('demo_registry_companies', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  legalForm: text('legal_form'),
  street: text('street').notNull(),
  houseNumber: text('house_number').notNull(),
  postcode: text('postcode').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  registerCourt: text('register_court'),
  registerNumber: text('register_number'),
  foundationDate: date('foundation_date', { mode: 'string' }),
  businessPurpose: text('business_purpose'),
  taxIdNumber: text('tax_id_number'),
});

export const demoRegistryTerms = pgTable('demo_registry_terms', {
  companyId: text('company_id').notNull(),
  country: text('country').notNull(),
  term: text('term').notNull(),
  kind: smallint('kind').notNull(),
  nameKey: text('name_key').notNull(),
});

export const demoRegistryState = pgTable('demo_registry_state', {
  id: integer('id').primaryKey(),
  dataset: text('dataset').notNull(),
  companies: integer('companies').notNull(),
  seededAt: timestamp('seeded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const companySearchTerms = pgTable(
  'company_search_terms',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    partnerId: text('partner_id').notNull(),
    country: text('country').notNull(),
    term: text('term').notNull(),
    kind: smallint('kind').notNull(),
    nameKey: text('name_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.term] })],
);

/** Companies inserted or renamed since they were last indexed (filled by a trigger on companies). */
export const companySearchPending = pgTable('company_search_pending', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

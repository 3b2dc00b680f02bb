import { date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Mirrors the demo registry tables of migrations/0003_company_search.sql and 0006 (search_text is
 * COLLATE "C" there, with a GIN trigram index). Our companies' search text is a column of
 * `companies` (schema.ts).
 */

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
  searchText: text('search_text').notNull(),
});

export const demoRegistryState = pgTable('demo_registry_state', {
  id: integer('id').primaryKey(),
  dataset: text('dataset').notNull(),
  companies: integer('companies').notNull(),
  seededAt: timestamp('seeded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

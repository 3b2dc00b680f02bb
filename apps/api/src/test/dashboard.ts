import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { applicationResponse, type Application } from '@finportal/contracts/applications';
import { buildDynamicSubmission, type DynamicFormConfig, type DynamicValues } from '@finportal/contracts/dynamic-forms';
import type { CreatedApplication, CreateApplicationRequest } from '@finportal/contracts/offers';
import {
  nextStatusValidateResponse,
  type NextStatusValidateResponse,
  type PendingActionName,
  type PendingError,
} from '@finportal/contracts/pending-items';
import { COMPLETE_SIGNATORY, seedApplicationParts, type Fixtures } from '../modules/dev/fixtures.js';
import { buildApplication } from './application-factories.js';
import { createTestApp, registerAndConfirm, type TestApp, type TestClient } from './harness.js';

/**
 * Helpers of the dashboard API tests (applications, pending items, bank info, custom fields).
 * The parts of an application whose screens come in later issues are filled with the dev
 * fixtures (seedApplicationParts), never by switching a check off.
 */

export { COMPLETE_SIGNATORY, type Fixtures };

/** A valid German IBAN (electronic format) and the same in groups of four. */
export const IBAN = 'DE89370400440532013000';
export const IBAN_SPACED = 'DE89 3704 0044 0532 0130 00';

/** YYYY-MM-DD (UTC) of today minus `days`. */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** DD.MM.YYYY (UTC) of today plus `days`. */
export function dayFromToday(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
}

/** What a user enters in the alpen form (working capital), as the wizard keeps it. */
export function alpenEntered(overrides: DynamicValues = {}): DynamicValues {
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
 * The request the alpen dynamic wizard sends (buildDynamicSubmission, as the browser builds it):
 * working capital by default; `event_driven_financing_loan` with an object_type is object financing.
 */
export function alpenRequest(form: DynamicFormConfig, overrides: DynamicValues = {}): Record<string, unknown> {
  const values = alpenEntered(overrides);
  const { standard, custom_fields_list } = buildDynamicSubmission(form, String(values.allBanksLoanPurpose), values);
  return { ...standard, currency: 'EUR', display_duration_unit: 'years', dynamic_form: true, custom_fields_list };
}

/** POST /user/applications; expects 201 and an Open application. */
export async function createApplication(
  client: TestClient,
  body: CreateApplicationRequest | Record<string, unknown> = buildApplication(),
): Promise<CreatedApplication> {
  const res = await client.post('/user/applications', body);
  expect(res.statusCode, res.body).toBe(201);
  const app = res.json<{ application: CreatedApplication }>().application;
  expect(app.status, res.body).toBe('Open');
  return app;
}

/** Fills representatives, documents, objects, debtors, factoring details, appointment or status. */
export function seed(t: TestApp, applicationId: string, fixtures: Fixtures): Promise<void> {
  return seedApplicationParts(t.ctx.db, applicationId, fixtures);
}

/** What a demo working-capital application needs besides bank data: a sole signer and current documents. */
export const READY_DEMO_PARTS: Fixtures = {
  signatories: [COMPLETE_SIGNATORY],
  documents: [{ document_type: 'annual_statement_2024' }, { document_type: 'bwa_susa', as_of_date: daysAgo(10) }],
};

/** Makes a demo working-capital application of a confirmed owner ready to submit. */
export async function makeReady(t: TestApp, owner: TestClient, applicationId: string): Promise<void> {
  const res = await owner.patch(`/user/applications/${applicationId}/bankinfo`, { bankName: 'Musterbank', iban: IBAN });
  expect(res.statusCode, res.body).toBe(200);
  await seed(t, applicationId, READY_DEMO_PARTS);
}

/** GET next_status_validate, checked against the contract. */
export async function pendingOf(client: TestClient, applicationId: string): Promise<NextStatusValidateResponse> {
  const res = await client.get(`/user/applications/${applicationId}/next_status_validate`);
  expect(res.statusCode, res.body).toBe(200);
  return nextStatusValidateResponse.parse(res.json());
}

/** The pending actions as { action: errors }. */
export async function actionsOf(
  client: TestClient,
  applicationId: string,
): Promise<Partial<Record<PendingActionName, PendingError[]>>> {
  const { pending_actions } = await pendingOf(client, applicationId);
  return Object.fromEntries(pending_actions.map((a) => [a.action, a.errors]));
}

/** GET /user/applications/{id}, checked against the contract. */
export async function getApplication(client: TestClient, applicationId: string): Promise<Application> {
  const res = await client.get(`/user/applications/${applicationId}`);
  expect(res.statusCode, res.body).toBe(200);
  return applicationResponse.parse(res.json()).application;
}

/** Ids of an application's signatories by first name. */
export async function signatoryIds(t: TestApp, applicationId: string): Promise<Record<string, string>> {
  const rows = await t.sql<{ id: string; first_name: string | null }>(
    'SELECT id, first_name FROM signatories WHERE application_id = $1',
    [applicationId],
  );
  return Object.fromEntries(rows.map((r) => [r.first_name ?? '', r.id]));
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * An application inserted directly (for partners whose users cannot create one through the
 * wizard, e.g. vistula): a company of `userId` (their own, ADR 009) and an Open working-capital
 * application of theirs.
 */
export async function insertApplication(
  t: TestApp,
  partnerKey: string,
  userId: string,
  options: { taxIdNumber?: string | null; currency?: string } = {},
): Promise<string> {
  const [company] = await t.sql<{ id: string }>(
    `INSERT INTO companies (partner_id, name, country, company_type, tax_id_number, owner_user_id, created_by)
     VALUES ($1, 'Przykładowa Sp. z o.o.', 'PL', 'PL_SP_ZOO', $2, $3, $3) RETURNING id`,
    [partnerKey, options.taxIdNumber === undefined ? '1234567890' : options.taxIdNumber, userId],
  );
  const shortId = [...randomBytes(8)].map((b) => BASE32[b % 32]).join('');
  const [app] = await t.sql<{ id: string }>(
    `INSERT INTO applications (short_id, partner_id, user_id, company_id, status, loan_type, product_type,
                               amount, duration_months, currency)
     VALUES ($1, $2, $3, $4, 'Open', 'working_capital_loan', 'general_liquidity', 100000, 36, $5) RETURNING id`,
    [shortId, partnerKey, userId, company!.id, options.currency ?? 'PLN'],
  );
  return app!.id;
}

/** One app with a confirmed customer at demo, nordbank, alpen and vistula (the pending-items tests). */
export async function pendingItemsApp() {
  const t = await createTestApp();
  const demo = t.client('demo');
  const nord = t.client('nordbank', { ip: '10.0.2.2' });
  const alpen = t.client('alpen', { ip: '10.0.2.3' });
  const vistula = t.client('vistula', { ip: '10.0.2.4' });
  const [, , , vistulaUser] = await Promise.all([
    registerAndConfirm(demo),
    registerAndConfirm(nord),
    registerAndConfirm(alpen),
    registerAndConfirm(vistula),
  ]);
  const form = t.ctx.partners.get('alpen')!.dynamic_form!;
  return { t, demo, nord, alpen, vistula, vistulaUser, form };
}

import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { applicationResponse, type Application } from '@finportal/contracts/applications';
import type { CreatedApplication, CreateApplicationRequest } from '@finportal/contracts/offers';
import {
  nextStatusValidateResponse,
  type NextStatusValidateResponse,
  type PendingActionName,
  type PendingError,
} from '@finportal/contracts/pending-items';
import {
  buildApplicationInput,
  buildBankInfo,
  buildDynamicApplication,
  buildDynamicValues,
  buildSignatory,
  daysAgo,
  type SignatoryInput,
} from '@finportal/testing/factories';
import { seedApplicationParts, type Fixtures } from '../modules/dev/fixtures.js';
import type { EntityKind } from '../platform/route-policy.js';
import { createStaffUser } from '../modules/backoffice/service.js';
import { useTestApp, type TestApp, type TestClient } from './harness.js';

/**
 * Helpers of the dashboard API tests (applications, pending items, bank info, custom fields).
 * The parts of an application whose screens come in later issues are filled with the dev
 * fixtures (seedApplicationParts), never by switching a check off.
 */

export type { Fixtures };
export { IBAN, IBAN_SPACED, daysAgo, dayFromToday } from '@finportal/testing/factories';

/** A complete representative who can sign alone (buildSignatory of @finportal/testing). */
export const COMPLETE_SIGNATORY: Readonly<SignatoryInput> = Object.freeze(buildSignatory());

/** What a user enters in the alpen form (working capital), as the wizard keeps it: buildDynamicValues. */
export const alpenEntered = buildDynamicValues;

/**
 * The request the alpen dynamic wizard sends (buildDynamicApplication: buildDynamicSubmission, as the
 * browser builds it): working capital by default; `event_driven_financing_loan` with an object_type
 * is object financing.
 */
export const alpenRequest = buildDynamicApplication;

/** POST /user/applications; expects 201 and an Open application. */
export async function createApplication(
  client: TestClient,
  body: CreateApplicationRequest | Record<string, unknown> = buildApplicationInput(),
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
  const res = await owner.patch(`/user/applications/${applicationId}/bankinfo`, buildBankInfo());
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

/**
 * The preamble of the pending-items tests: one app (useTestApp) with a confirmed customer at demo,
 * nordbank, alpen and vistula, and the alpen form.
 */
export async function pendingItemsApp() {
  const t = await useTestApp();
  const [{ client: demo }, { client: nord }, { client: alpen }, { client: vistula, user: vistulaUser }] =
    await Promise.all([
      t.signUp('demo'),
      t.signUp('nordbank', { ip: '10.0.2.2' }),
      t.signUp('alpen', { ip: '10.0.2.3' }),
      t.signUp('vistula', { ip: '10.0.2.4' }),
    ]);
  const form = t.ctx.partners.get('alpen')!.dynamic_form!;
  return { t, demo, nord, alpen, vistula, vistulaUser, form };
}

/**
 * An application of `owner` with one of each kind of data (a representative, a document, a finance
 * object, a debtor, an appointment), and the id of each (the route access and fuzz tests).
 */
export async function applicationWithEveryPart(
  t: TestApp,
  owner: TestClient,
  userId: string,
): Promise<Record<EntityKind, string>> {
  const application = await createApplication(owner);
  await seed(t, application.applicationId, {
    signatories: [COMPLETE_SIGNATORY],
    documents: [{ document_type: 'annual_statement_2024' }],
    finance_objects: 1,
    debitors: 1,
    appointment: true,
  });
  const one = async (sql: string) => {
    const [row] = await t.sql<{ id: string }>(sql, [application.applicationId]);
    expect(row, sql).toBeDefined();
    return String(row!.id);
  };
  return {
    application: application.applicationId,
    company: await one('SELECT company_id AS id FROM applications WHERE id = $1'),
    signatory: await one('SELECT id FROM signatories WHERE application_id = $1'),
    document: await one('SELECT id FROM documents WHERE application_id = $1'),
    finance_object: await one('SELECT id FROM finance_objects WHERE application_id = $1'),
    debitor: await one('SELECT id FROM factoring_debitors WHERE application_id = $1'),
    appointment: await one('SELECT id FROM appointments WHERE application_id = $1'),
    data_request: await openInformationRequest(t, application.applicationId),
    user: userId,
  };
}

/** An open information request of the back office on an application (a staff member asked); its id. */
export async function openInformationRequest(
  t: TestApp,
  applicationId: string,
  message = 'Please send us your order book.',
) {
  const staff = await createStaffUser(t.ctx.db, {
    email: `asker-${randomBytes(5).toString('hex')}@bank.example`,
    password: 'Start-Passw0rd!',
    kind: 'bouser',
  });
  const [row] = await t.sql<{ id: string }>(
    `INSERT INTO data_requests (application_id, kind, message, created_by) VALUES ($1, 'information', $2, $3) RETURNING id`,
    [applicationId, message, staff.id],
  );
  return row!.id;
}

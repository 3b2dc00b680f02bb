import { expect } from 'vitest';
import {
  debitorImportResponse,
  debitorSchema,
  debitorsResponse,
  newCompanyResponse,
  type Debitor,
  type DebitorImportResponse,
  type DebitorsResponse,
  type NewCompanyRequest,
  type NewCompanyResponse,
} from '@finportal/contracts/debitors';
import {
  factoringDetailsResponse,
  type FactoringDetailsResponse,
  type FactoringSection,
} from '@finportal/contracts/factoring';
import {
  buildDebitor,
  buildFactoringApplicationInput,
  buildFactoringFinancials,
  buildFactoringInvoices,
  buildFactoringRiskProtection,
  buildNewCompany,
} from '@finportal/testing/factories';
import { FACTORING_COVER } from '../modules/factoring/cover-job.js';
import { createApplication } from './dashboard.js';
import { tableDigests } from './table-digest.js';
import type { TestApp, TestClient, TestResponse } from './harness.js';

/**
 * Helpers of the factoring API tests (modules/factoring, issue 12, ADR 018): the routes, the
 * answers checked against the contracts, a factoring application with its three cards filled, the
 * credit insurer's demo companies, and the cover job run on the queue.
 */

export {
  buildDebitor,
  buildDebitorCsv,
  buildFactoringDetails,
  buildFactoringFinancials,
  buildFactoringInvoices,
  buildFactoringRiskProtection,
  buildNewCompany,
} from '@finportal/testing/factories';

export const factoringPath = (applicationId: string) => `/user/applications/${applicationId}/factoring`;
export const sectionPath = (applicationId: string, section: FactoringSection) =>
  `${factoringPath(applicationId)}/${section}`;
export const debitorsPath = (applicationId: string) => `${factoringPath(applicationId)}/debitors`;
export const debitorPath = (applicationId: string, debitorId: string) => `${debitorsPath(applicationId)}/${debitorId}`;
export const coverPath = (applicationId: string, debitorId: string) =>
  `${debitorPath(applicationId, debitorId)}/insurance_cover`;
export const importPath = (applicationId: string) => `${debitorsPath(applicationId)}/import`;
export const companiesPath = (applicationId: string) => `/user/applications/${applicationId}/companies`;

/** The demo insurer's ids of fixed demo registry companies (platform/credit-insurer-demo.ts). */
export const INSURER = {
  name: 'demo_credit_insurer',
  /** Musterbau Schmidt GmbH, Berlin, HRB 123456 B: Cover. */
  musterbau: 'DCI-DE-000001',
  /** Müller Metallbau GmbH, Stuttgart, HRB 731942: Cover. */
  mueller: 'DCI-DE-000002',
  /** Alpenblick Hotel AG, Innsbruck, FN 214365k: Cover. */
  alpenblick: 'DCI-AT-000001',
  /** Wisła Logistyka sp. z o.o., KRS 0000318204: CheckPolicy (outside the demo policy's countries). */
  wisla: 'DCI-PL-000001',
} as const;

/** A factoring application of `owner` (demo partner: international customers, sales 1,500,000). */
export async function createFactoringApplication(owner: TestClient, overrides = {}): Promise<string> {
  return (await createApplication(owner, buildFactoringApplicationInput(overrides))).applicationId;
}

/** The details of a 200 answer, checked against the contract. */
export function detailsOf(res: TestResponse): FactoringDetailsResponse {
  expect(res.statusCode, res.body).toBe(200);
  return factoringDetailsResponse.strict().parse(res.json());
}

export async function getDetails(client: TestClient, applicationId: string): Promise<FactoringDetailsResponse> {
  return detailsOf(await client.get(factoringPath(applicationId)));
}

export const patchSection = (client: TestClient, applicationId: string, section: FactoringSection, body: unknown) =>
  client.patch(sectionPath(applicationId, section), body);

/** Saves the three cards with the builders (international customers as the application has them). */
export async function fillCards(client: TestClient, applicationId: string, international = true): Promise<void> {
  const options = { international };
  detailsOf(await patchSection(client, applicationId, 'financials', buildFactoringFinancials({}, options)));
  detailsOf(await patchSection(client, applicationId, 'invoices', buildFactoringInvoices({}, options)));
  detailsOf(await patchSection(client, applicationId, 'risk_protection', buildFactoringRiskProtection({}, options)));
}

/** POST .../companies that must answer 201. */
export async function addCompany(
  client: TestClient,
  applicationId: string,
  overrides: NewCompanyRequest = {},
): Promise<NewCompanyResponse> {
  const res = await client.post(companiesPath(applicationId), buildNewCompany(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return newCompanyResponse.strict().parse(res.json());
}

/**
 * A company of the credit insurer's directory, as the debtor search's hit adds it; when the
 * borrower has it already (409 err_company_exists: the search lists it among their companies),
 * that one's id.
 */
export async function addInsurerCompany(
  client: TestClient,
  applicationId: string,
  insurerId: string,
): Promise<Pick<NewCompanyResponse, 'company_id'> & Partial<NewCompanyResponse>> {
  const res = await client.post(
    companiesPath(applicationId),
    buildNewCompany({
      companyName: 'As the insurer knows it',
      hrNumber: null,
      external_provider_name: INSURER.name,
      external_provider_company_id: insurerId,
    }),
  );
  if (res.statusCode === 409)
    return {
      company_id: String(res.json<{ errors: { values: { company_id: string } }[] }>().errors[0]!.values.company_id),
    };
  expect(res.statusCode, res.body).toBe(201);
  return newCompanyResponse.strict().parse(res.json());
}

/** The insurer's id of the first registered German demo company whose id ends in `digit` (its decision: credit-insurer-demo.ts). */
export async function insurerIdEndingIn(t: TestApp, digit: number): Promise<string> {
  const [row] = await t.sql<{ id: string }>(
    `SELECT 'DCI-' || substr(id, 6) AS id FROM demo_registry_companies
     WHERE country = 'DE' AND register_number IS NOT NULL AND id LIKE $1 ORDER BY id LIMIT 1`,
    [`%${digit}`],
  );
  return row!.id;
}

/** The debtor of a 200/201/202 answer, checked against the contract. */
export function debitorOf(res: TestResponse, status = 200): Debitor {
  expect(res.statusCode, res.body).toBe(status);
  return debitorSchema.strict().parse(res.json());
}

/** POST .../factoring/debitors that must answer 201. */
export async function addDebitor(
  client: TestClient,
  applicationId: string,
  companyId: string,
  overrides: Parameters<typeof buildDebitor>[1] = {},
): Promise<Debitor> {
  return debitorOf(await client.post(debitorsPath(applicationId), buildDebitor(companyId, overrides)), 201);
}

/** A new typed company and a debtor of it. */
export async function addTypedDebitor(
  client: TestClient,
  applicationId: string,
  name: string,
  overrides: Parameters<typeof buildDebitor>[1] = {},
): Promise<Debitor> {
  const company = await addCompany(client, applicationId, { companyName: name, hrNumber: null });
  return addDebitor(client, applicationId, company.company_id, overrides);
}

export async function listDebitors(client: TestClient, applicationId: string): Promise<DebitorsResponse> {
  const res = await client.get(debitorsPath(applicationId));
  expect(res.statusCode, res.body).toBe(200);
  return debitorsResponse.strict().parse(res.json());
}

/** POST .../factoring/debitors/import that must answer 200. */
export async function importCsv(
  client: TestClient,
  applicationId: string,
  content: string,
  confirm = false,
): Promise<DebitorImportResponse> {
  const res = await client.post(importPath(applicationId), { content, confirm });
  expect(res.statusCode, res.body).toBe(200);
  return debitorImportResponse.strict().parse(res.json());
}

/**
 * Runs the cover jobs as time passes: each round makes the queued ones due (the insurer's poll
 * interval is over) and drains the queue; `rounds` such steps.
 */
export async function runCoverJobs(t: TestApp, rounds = 1): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await t.sql(`UPDATE jobs SET run_at = now() WHERE type = $1 AND status = 'queued'`, [FACTORING_COVER.name]);
    await t.ctx.jobs.drain();
  }
}

/** Every table's digest (nothing stored: equal before and after a refused request). */
export const digest = (t: TestApp) => tableDigests(t);

/** The audit entries of an entity kind of an application, oldest first. */
export const auditsOf = (t: TestApp, entity: string, applicationId: string) =>
  t.sql<{ action: string; entity_id: string; data: Record<string, unknown> }>(
    `SELECT action, entity_id, data FROM audit_log
     WHERE entity = $1 AND (entity_id = $2 OR data->>'application_id' = $2) ORDER BY id`,
    [entity, applicationId],
  );

/** Sets an application's status directly (the back office moves it; its calls come later). */
export async function setStatus(t: TestApp, applicationId: string, status: string): Promise<void> {
  await t.sql('UPDATE applications SET status = $2 WHERE id = $1', [applicationId, status]);
}

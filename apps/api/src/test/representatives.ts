import { expect } from 'vitest';
import {
  signatoriesResponse,
  signatoryResponse,
  SIGNATORY_FIELDS,
  type RepresentativeInput,
  type SignatoriesResponse,
  type Signatory,
} from '@finportal/contracts/representative-schemas';
import { buildSignatory } from '@finportal/testing/factories';
import type { CustomFieldEntry } from '@finportal/contracts/applications';
import type { DynamicFormConfig } from '@finportal/contracts/dynamic-forms';
import type { Partner } from '../platform/tenancy.js';
import { alpenRequest, createApplication } from './dashboard.js';
import type { TestApp, TestClient, TestResponse } from './harness.js';

/**
 * Helpers of the representatives API tests (modules/representatives): the wire body of a
 * representative, the five routes, and what the database holds of an application's people.
 */

/** A valid German personal tax id (TIN) and the same ten digits with a wrong check digit. */
export const GERMAN_TIN = '86095742719';
export const GERMAN_TIN_BAD_CHECK_DIGIT = '86095742710';

/**
 * A representative as the add form sends it: complete, a German legal signatory who is willing
 * to sign and can sign alone, 60 % beneficial owner, no tax id (buildSignatory of
 * @finportal/testing without its fixture-only fields), with `overrides` on top.
 */
export function buildRepresentative(overrides: RepresentativeInput = {}): RepresentativeInput {
  const fixture: Record<string, unknown> = buildSignatory();
  const wire = Object.fromEntries(SIGNATORY_FIELDS.filter((f) => f in fixture).map((f) => [f, fixture[f]]));
  return { ...wire, ...overrides };
}

export const signatoriesPath = (applicationId: string) => `/user/applications/${applicationId}/signatories`;
export const signatoryPath = (applicationId: string, signatoryId: string) =>
  `${signatoriesPath(applicationId)}/${signatoryId}`;

/** POST …/signatories with `data: [representative]` (the raw answer). */
export const postRepresentative = (client: TestClient, applicationId: string, representative: unknown) =>
  client.post(signatoriesPath(applicationId), { data: [representative] });

/** PATCH …/signatories/{signatoryId} (the raw answer). */
export const patchRepresentative = (client: TestClient, applicationId: string, signatoryId: string, body: unknown) =>
  client.patch(signatoryPath(applicationId, signatoryId), body);

/** DELETE …/signatories/{signatoryId} (the raw answer). */
export const deleteRepresentative = (client: TestClient, applicationId: string, signatoryId: string) =>
  client.request('DELETE', signatoryPath(applicationId, signatoryId));

/** The signatory of a 200 or 201 answer, checked against the contract. */
export function signatoryOf(res: TestResponse, status = 200): Signatory {
  expect(res.statusCode, res.body).toBe(status);
  return signatoryResponse.strict().parse(res.json()).signatory;
}

/** POST that must answer 201: the stored representative. */
export async function addRepresentative(
  client: TestClient,
  applicationId: string,
  overrides: RepresentativeInput = {},
): Promise<Signatory> {
  return signatoryOf(await postRepresentative(client, applicationId, buildRepresentative(overrides)), 201);
}

/** GET …/signatories, checked against the contract. */
export async function listRepresentatives(client: TestClient, applicationId: string): Promise<SignatoriesResponse> {
  const res = await client.get(signatoriesPath(applicationId));
  expect(res.statusCode, res.body).toBe(200);
  return signatoriesResponse.strict().parse(res.json());
}

/** The stored rows of an application's representatives (every column, oldest first). */
export const signatoryRows = (t: TestApp, applicationId: string) =>
  t.sql<Record<string, unknown>>(
    'SELECT *, birthdate::text AS birthdate FROM signatories WHERE application_id = $1 ORDER BY created_at, id',
    [applicationId],
  );

/** The audit entries of one representative, oldest first. */
export const signatoryAudits = (t: TestApp, signatoryId: string) =>
  t.sql<{ action: string; user_id: string; data: Record<string, unknown> }>(
    "SELECT action, user_id, data FROM audit_log WHERE entity = 'signatory' AND entity_id = $1 ORDER BY id",
    [signatoryId],
  );

type RepresentativesSettings = Partner['representatives'];

/**
 * Sets a partner's representatives settings (products that require guarantees, credit-report
 * provider) on this file's app, whatever the partner file holds; `undefined` keeps a setting.
 * Each test file has its own app (useTestApp), so the change stays in the file.
 */
export function setRepresentativesSettings(
  t: TestApp,
  partnerKey: string,
  settings: Partial<RepresentativesSettings>,
): RepresentativesSettings {
  const partner = t.ctx.partners.get(partnerKey);
  if (!partner) throw new Error(`no partner ${partnerKey}`);
  const previous = { ...partner.representatives };
  partner.representatives = { ...previous, ...settings };
  return previous;
}

/**
 * A quick fingerprint of what a representatives request can write: every row of signatories,
 * applications and companies, and the number of signatory audit entries (one query; the full
 * tableDigests of table-digest.ts reads every table).
 */
export async function representativesFingerprint(t: TestApp): Promise<Record<string, string>> {
  const digestOf = (table: string) =>
    `(SELECT count(*) || ' ' || md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) FROM ${table} x)`;
  const [row] = await t.sql<Record<string, string>>(
    `SELECT ${digestOf('signatories')} AS signatories, ${digestOf('applications')} AS applications,
            ${digestOf('companies')} AS companies,
            (SELECT count(*)::text FROM audit_log WHERE entity = 'signatory') AS signatory_audits`,
  );
  return row!;
}

/** `custom_fields_list` of { field_id: value }. */
export const customFields = (values: Record<string, CustomFieldEntry['field_value']>): CustomFieldEntry[] =>
  Object.entries(values).map(([field_id, field_value]) => ({ field_id, field_value }));

/** A working-capital application at alpen (signatory form: pep required, marital_status, resident_since). */
export const alpenWorkingCapital = async (client: TestClient, form: DynamicFormConfig) =>
  (await createApplication(client, alpenRequest(form))).applicationId;

/** An object-financing application at alpen (signatory form: the same and net_monthly_income, required). */
export const alpenObjectFinancing = async (client: TestClient, form: DynamicFormConfig) =>
  (
    await createApplication(
      client,
      alpenRequest(form, {
        allBanksLoanPurpose: 'event_driven_financing_loan',
        purposeSelect: 'machinery_or_equipment',
        object_type: 'machine',
        loanDuration: 3,
      }),
    )
  ).applicationId;

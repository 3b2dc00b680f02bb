import { expect } from 'vitest';
import {
  financeObjectSchema,
  financeObjectsResponse,
  type FinanceObject,
  type FinanceObjectInput,
  type FinanceObjectsResponse,
} from '@finportal/contracts/finance-objects';
import { buildFinanceObject } from '@finportal/testing/factories';
import type { TestApp, TestClient, TestResponse } from './harness.js';

/**
 * Helpers of the finance objects API tests (modules/finance-objects): the four routes, the
 * answers checked against the contract, and what the database holds of an application's objects.
 * An object-financing application: `alpenObjectFinancing` of test/representatives.ts.
 */

export { buildFinanceObject };
export { alpenObjectFinancing } from './representatives.js';

export const objectsPath = (applicationId: string) => `/user/applications/${applicationId}/finance_objects`;
export const objectPath = (applicationId: string, objectId: string) => `${objectsPath(applicationId)}/${objectId}`;

export const postObject = (client: TestClient, applicationId: string, body: unknown) =>
  client.post(objectsPath(applicationId), body);
export const putObject = (client: TestClient, applicationId: string, objectId: string, body: unknown) =>
  client.request('PUT', objectPath(applicationId, objectId), body);
export const deleteObject = (client: TestClient, applicationId: string, objectId: string) =>
  client.request('DELETE', objectPath(applicationId, objectId));

/** The object of a 200 or 201 answer, checked against the contract (no other key). */
export function objectOf(res: TestResponse, status = 200): FinanceObject {
  expect(res.statusCode, res.body).toBe(status);
  return financeObjectSchema.strict().parse(res.json());
}

/** POST that must answer 201: the stored object. */
export async function addObject(
  client: TestClient,
  applicationId: string,
  overrides: FinanceObjectInput = {},
): Promise<FinanceObject> {
  return objectOf(await postObject(client, applicationId, buildFinanceObject(overrides)), 201);
}

/** GET …/finance_objects, checked against the contract. */
export async function listObjects(client: TestClient, applicationId: string): Promise<FinanceObjectsResponse> {
  const res = await client.get(objectsPath(applicationId));
  expect(res.statusCode, res.body).toBe(200);
  return financeObjectsResponse.strict().parse(res.json());
}

/** The number of stored objects of an application and a digest of their rows (nothing changed: equal). */
export async function objectsState(t: TestApp, applicationId: string): Promise<string> {
  const [row] = await t.sql<{ n: number; digest: string }>(
    `SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS digest
     FROM finance_objects x WHERE application_id = $1`,
    [applicationId],
  );
  return `${row!.n} ${row!.digest}`;
}

/** The audit entries of an application's objects, oldest first. */
export const objectAudits = (t: TestApp, applicationId: string) =>
  t.sql<{ action: string; entity_id: string; user_id: string; data: Record<string, unknown> }>(
    "SELECT action, entity_id, user_id, data FROM audit_log WHERE entity = 'finance_object' AND data->>'application_id' = $1 ORDER BY id",
    [applicationId],
  );

/** Sets an application's status directly (the back office moves it; its calls come later). */
export async function setStatus(t: TestApp, applicationId: string, status: string): Promise<void> {
  await t.sql('UPDATE applications SET status = $2 WHERE id = $1', [applicationId, status]);
}

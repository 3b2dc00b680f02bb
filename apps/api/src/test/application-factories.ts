import type { CreatedApplication, CreateApplicationRequest } from '@finportal/contracts/offers';
import { createApplicationResponse } from '@finportal/contracts/offers';
import { expect } from 'vitest';
import type { RegistryCompany } from '../platform/company-registry.js';
import type { TestClient } from './harness.js';

/**
 * The application factories of @finportal/testing (shared with e2e and bench) under the names
 * the API tests use: buildApplication (a classic demo application that passes every rule and
 * eligibility check) and buildFactoringApplication (a factoring limit instead of an amount).
 */
export {
  buildApplicationInput as buildApplication,
  buildFactoringApplicationInput as buildFactoringApplication,
} from '@finportal/testing/factories';

/** A registry company (as the company registry adapter answers it). */
export function buildRegistryCompany(overrides: Partial<RegistryCompany> = {}): RegistryCompany {
  return {
    id: 'REG-0001',
    name: 'Registerfirma Beispiel GmbH',
    legal_form: 'GMBH',
    street: 'Registerweg',
    house_number: '1',
    postcode: '20095',
    city: 'Hamburg',
    country: 'DE',
    register_court: 'Amtsgericht Hamburg',
    register_number: 'HRB 123456',
    foundation_date: '2015-05-01',
    business_purpose: 'Handel mit Waren aller Art',
    tax_id_number: '9876543210',
    ...overrides,
  };
}

/** POST /user/applications as this client. */
export const postApplication = (client: TestClient, body: CreateApplicationRequest) =>
  client.post('/user/applications', body);

/** POST /user/applications that must answer 201 with the contract's shape; the application. */
export async function createdApplication(
  client: TestClient,
  body: CreateApplicationRequest,
): Promise<CreatedApplication> {
  const res = await postApplication(client, body);
  expect(res.statusCode, res.body).toBe(201);
  const parsed = createApplicationResponse.strict().safeParse(res.json());
  expect(parsed.success, res.body).toBe(true);
  return res.json<{ application: CreatedApplication }>().application;
}

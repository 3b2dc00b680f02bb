import type { RegistryCompany } from '../platform/company-registry.js';

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

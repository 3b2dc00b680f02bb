import type { RepresentativeValues, SignatoryField } from '../representative-schemas.js';
import { representativeIssues, type RepresentativeContext } from '../representatives.js';

/** Test data of the representatives' rules (tests only: not built into dist). */

export const NOW = new Date('2025-06-15T10:00:00Z');
export const CONTEXT: RepresentativeContext = {
  countries: ['DE', 'AT', 'CH', 'PL', 'FR'],
  companyTaxId: '12/345/67890',
  now: NOW,
};

/** A representative that passes every field rule: a German managing director who owns 60 %. */
export function buildRepresentative(overrides: RepresentativeValues = {}): RepresentativeValues {
  return {
    first_name: 'Anna',
    last_name: 'Berger',
    email: 'anna.berger@example.com',
    telephone: '+49 30 1234567',
    position: 'Geschäftsführerin',
    nationality: 'DE',
    birthdate: '1980-04-12',
    taxid: '86095742719',
    street: 'Hauptstraße',
    street_number: '12a',
    postcode: '10115',
    location: 'Berlin',
    country: 'DE',
    is_beneficial_owner: true,
    percentage_owned: 0.6,
    is_legal_signatory: true,
    is_contract_signatory: true,
    is_sole_signatory: true,
    is_main_contact: false,
    ...overrides,
  };
}
/** An Austrian resident of Austria: the general personal tax number rule applies. */
export const austrian = (overrides: RepresentativeValues = {}) =>
  buildRepresentative({ nationality: 'AT', country: 'AT', postcode: '1010', location: 'Wien', ...overrides });

export const issuesOf = (values: RepresentativeValues, context: RepresentativeContext = CONTEXT) =>
  representativeIssues(values, context);
export const issueOn = (field: SignatoryField, values: RepresentativeValues, context?: RepresentativeContext) =>
  issuesOf(values, context).find((issue) => issue.field === field);

export const LONG = 'x'.repeat(1_000_000);

import { describe, expect, it } from 'vitest';
import { registerRequest } from '@finportal/contracts/auth';
import { updateBankInfoRequest } from '@finportal/contracts/bank-info';
import { validateDynamicSubmission, valuesFromSubmission } from '@finportal/contracts/dynamic-forms';
import { createApplicationRequest } from '@finportal/contracts/offers';
import {
  buildApplicationInput,
  buildBankInfo,
  buildDynamicApplication,
  buildFactoringApplicationInput,
  buildRegistration,
  buildSignatory,
  dayFromToday,
  daysAgo,
  uniqueEmail,
} from '@finportal/testing/factories';
import { loadConfig } from '../config/env.js';
import { fixturesRequest } from '../modules/dev/fixtures.js';
import { PartnerRegistry, readPartnerFiles } from '../platform/tenancy.js';

/**
 * The shared factories (@finportal/testing; the API tests, e2e and bench send them) answer what
 * the contracts accept, so that a test fails for what it tests and never for its data. The routes
 * themselves take them in the module tests (create-application, bank-info, pending-items...).
 */
describe('the shared factories', () => {
  it('registration, classic and factoring applications and bank data pass their request schemas', () => {
    expect(registerRequest.safeParse(buildRegistration()).error).toBeUndefined();
    expect(createApplicationRequest.safeParse(buildApplicationInput()).error).toBeUndefined();
    expect(createApplicationRequest.safeParse(buildFactoringApplicationInput()).error).toBeUndefined();
    expect(updateBankInfoRequest.safeParse(buildBankInfo()).error).toBeUndefined();
  });

  it('a complete signatory is what the dev fixtures take', () => {
    expect(fixturesRequest.safeParse({ signatories: [buildSignatory()] }).error).toBeUndefined();
  });

  it("the dynamic application passes the alpen partner's own form", () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const partners = new PartnerRegistry(readPartnerFiles(config.PARTNERS_DIR), config.DEFAULT_PARTNER_KEY, 'x');
    const form = partners.get('alpen')!.dynamic_form!;
    const body = buildDynamicApplication(form);
    expect(createApplicationRequest.safeParse(body).error).toBeUndefined();
    const { custom_fields_list: custom, ...standard } = createApplicationRequest.parse(body);
    const values = valuesFromSubmission(form, standard.allBanksLoanPurpose, standard, custom);
    expect(validateDynamicSubmission(form, standard.allBanksLoanPurpose, values)).toEqual([]);
  });

  it('overrides win; e-mail addresses are unique; dates are UTC days', () => {
    expect(buildApplicationInput({ loanSize: 50_000, companyName: 'X GmbH' })).toMatchObject({
      loanSize: 50_000,
      companyName: 'X GmbH',
      companyCountry: 'DE',
    });
    expect(buildFactoringApplicationInput()).not.toHaveProperty('loanSize');
    expect(buildSignatory({ taxid: null }).taxid).toBeNull();
    const emails = new Set(Array.from({ length: 100 }, () => uniqueEmail('x')));
    expect(emails.size).toBe(100);
    expect(daysAgo(0)).toBe(new Date().toISOString().slice(0, 10));
    expect(dayFromToday(0)).toBe(daysAgo(0).split('-').reverse().join('.'));
  });
});

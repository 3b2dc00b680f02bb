import { beforeAll, describe, expect, it } from 'vitest';
import { companyDetailsResponse, type CompanyDetailsResponse } from '@finportal/contracts/companies';
import { buildApplication } from '../../test/application-factories.js';
import { COMPLETE_SIGNATORY, createApplication, seed } from '../../test/dashboard.js';
import { addDebitor, addInsurerCompany, createFactoringApplication, INSURER } from '../../test/factoring.js';
import { expectError, useTestApp, type TestClient, type TestResponse } from '../../test/harness.js';

/**
 * GET /user/companies/{companyId} (the company route a debtor row links to; ADR 009, ADR 018): the
 * caller's own company, or a debtor company of an application the caller may read (owner or
 * accepted signatory). Another borrower, another partner: 404 as if the id did not exist; nobody: 401.
 */
const t = await useTestApp();
let owner: TestClient;
let signer: TestClient;
let samePartner: TestClient;
let otherPartner: TestClient;
let nobody: TestClient;
let applicationId: string;
let shortApplicationId: string;
let ownCompanyId: string;
let debitorCompanyId: string;
let debitorId: string;

const path = (companyId: string) => `/user/companies/${companyId}`;

function detailsOf(res: TestResponse): CompanyDetailsResponse {
  expect(res.statusCode, res.body).toBe(200);
  return companyDetailsResponse.strict().parse(res.json());
}

beforeAll(async () => {
  const [a, s, b, c] = await Promise.all([
    t.signUp('demo', { ip: '10.61.0.1' }),
    t.signUp('demo', { ip: '10.61.0.2' }),
    t.signUp('demo', { ip: '10.61.0.3' }),
    t.signUp('nordbank', { ip: '10.61.0.4' }),
  ]);
  [owner, signer, samePartner, otherPartner] = [a.client, s.client, b.client, c.client];
  nobody = t.client('demo', { ip: '10.61.0.5' });
  applicationId = await createFactoringApplication(owner);
  debitorCompanyId = (await addInsurerCompany(owner, applicationId, INSURER.musterbau)).company_id;
  debitorId = (await addDebitor(owner, applicationId, debitorCompanyId, { annual_sales_previous_year: 250000 }))
    .debitor_id;
  const [row] = await t.sql<{ company_id: string; short_id: string }>(
    'SELECT company_id, short_id FROM applications WHERE id = $1',
    [applicationId],
  );
  [ownCompanyId, shortApplicationId] = [row!.company_id, row!.short_id];
  await seed(t, applicationId, {
    signatories: [{ ...COMPLETE_SIGNATORY, first_name: 'Signer', percentage_owned: 0.3, user_email: s.user.email }],
  });
  // The strangers have companies and debtors of their own.
  const theirs = await createFactoringApplication(samePartner);
  await addDebitor(samePartner, theirs, (await addInsurerCompany(samePartner, theirs, INSURER.musterbau)).company_id);
  await createApplication(otherPartner, buildApplication({ loanDuration: 24, purposeSelect: 'inventory_expansion' }));
});

describe('GET /user/companies/{companyId}', () => {
  it('shows the owner a debtor company with the applications it is a debtor in', async () => {
    const company = detailsOf(await owner.get(path(debitorCompanyId)));
    expect(company).toMatchObject({
      company_id: debitorCompanyId,
      company_name: 'Musterbau Schmidt GmbH',
      company_country: 'DE',
      external_provider_name: INSURER.name,
      external_provider_company_id: INSURER.musterbau,
      is_known_to_credit_insurer: true,
    });
    expect(company.debitor_in).toEqual([
      {
        applicationId,
        shortApplicationId,
        debitor_id: debitorId,
        annual_sales_previous_year: 250000,
        currency: 'EUR',
        cover_status: null,
      },
    ]);
  });

  it("shows the owner their own company (the application's), which is a debtor nowhere", async () => {
    const company = detailsOf(await owner.get(path(ownCompanyId)));
    expect(company).toMatchObject({ company_id: ownCompanyId, is_known_to_credit_insurer: false, debitor_in: [] });
    expect(company.company_name.length).toBeGreaterThan(0);
  });

  it('shows an accepted signatory of the application its debtor company, not the applicant’s own company', async () => {
    const company = detailsOf(await signer.get(path(debitorCompanyId)));
    expect(company.debitor_in.map((d) => d.applicationId)).toEqual([applicationId]);
    expectError(await signer.get(path(ownCompanyId)), 404, 'err_entity_not_found');
  });

  it('answers another borrower and a borrower of another partner 404, nobody 401', async () => {
    for (const id of [debitorCompanyId, ownCompanyId]) {
      expectError(await samePartner.get(path(id)), 404, 'err_entity_not_found');
      expectError(await otherPartner.get(path(id)), 404, 'err_entity_not_found');
      expect((await nobody.get(path(id))).statusCode).toBe(401);
    }
  });

  it('answers an unknown or malformed id 404 (as the application routes), an over-long one 400', async () => {
    expectError(await owner.get(path('00000000-0000-4000-8000-000000000000')), 404, 'err_entity_not_found');
    expectError(await owner.get(path('not-a-uuid')), 404, 'err_entity_not_found');
    expect((await owner.get(path('x'.repeat(65)))).statusCode).toBe(400);
  });
});

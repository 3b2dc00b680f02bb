import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRegistry } from '../../platform/company-registry.js';
import {
  buildApplication,
  buildRegistryCompany,
  createdApplication,
  postApplication,
} from '../../test/application-factories.js';
import { expectErrors, registerAndConfirm, useTestApp } from '../../test/harness.js';

/** POST /user/applications: the company it creates or reuses, and who may call it. */
const t = await useTestApp();
const {
  client: demo,
  user: { userId: demoUserId },
} = await t.signUp('demo');

const count = async (table: string) => (await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

/** YYYY-MM-DD of today (UTC) moved by whole months. */
function monthsAgo(months: number): string {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
}

describe('companies', () => {
  const companyCount = () => count('companies');

  it("the user's own company is reused; another partner's company id is refused with nothing stored", async () => {
    const [own] = await t.sql<{ id: string }>(
      `INSERT INTO companies (partner_id, name, country, company_type, street, foundation_date, owner_user_id)
       VALUES ('demo', 'Eigene Firma GmbH', 'DE', 'GMBH', NULL, '2010-01-01', $1) RETURNING id`,
      [demoUserId],
    );
    const [foreign] = await t.sql<{ id: string }>(
      `INSERT INTO companies (partner_id, name, country, company_type) VALUES ('nordbank', 'Fremde Firma GmbH', 'DE', 'GMBH') RETURNING id`,
    );
    const before = { apps: await count('applications'), companies: await companyCount() };

    expectErrors(await postApplication(demo, buildApplication({ company_id: foreign!.id })), 404, [
      { code: 'err_company_not_found', field: 'company_id' },
    ]);
    expectErrors(await postApplication(demo, buildApplication({ company_id: 'not-a-uuid' })), 404, [
      { code: 'err_company_not_found', field: 'company_id' },
    ]);
    expect(await count('applications')).toBe(before.apps);
    expect(await companyCount()).toBe(before.companies);

    const app = await createdApplication(demo, buildApplication({ company_id: own!.id }));
    expect(app.company_id).toBe(own!.id);
    expect(app.companyName).toBe('Eigene Firma GmbH');
    expect(await companyCount()).toBe(before.companies);
    // Typed fields only fill the gaps of our company.
    const [row] = await t.sql('SELECT name, street, company_type FROM companies WHERE id = $1', [own!.id]);
    expect(row).toEqual({ name: 'Eigene Firma GmbH', street: 'Hauptstraße', company_type: 'GMBH' });
  });

  describe('a registry company', () => {
    let original: CompanyRegistry;
    const known = new Map([
      ['REG-0001', buildRegistryCompany()],
      ['REG-GBR', buildRegistryCompany({ id: 'REG-GBR', legal_form: 'GBR', name: 'Beispiel GbR' })],
      ['REG-YOUNG', buildRegistryCompany({ id: 'REG-YOUNG', foundation_date: monthsAgo(3) })],
    ]);

    beforeAll(() => {
      original = t.ctx.companyRegistry;
      t.ctx.companyRegistry = {
        name: 'test-registry',
        search: async () => [],
        details: async (id) => known.get(id) ?? null,
        persons: async () => [],
      };
    });
    afterAll(() => {
      t.ctx.companyRegistry = original;
    });

    it('takes foundation date, legal form and register data from the registry; typed address, purpose and tax number win', async () => {
      const app = await createdApplication(
        demo,
        buildApplication({ external_provider_company_id: 'REG-0001', companyType: 'AG' }),
      );
      expect(app.status).toBe('Open');
      const [row] = await t.sql('SELECT *, foundation_date::text AS foundation_date FROM companies WHERE id = $1', [
        app.company_id,
      ]);
      expect(row).toMatchObject({
        name: 'Registerfirma Beispiel GmbH',
        street: 'Hauptstraße',
        postcode: '10115',
        city: 'Berlin',
        business_purpose: 'Herstellung von Sondermaschinen',
        tax_id_number: '1234567890',
        company_type: 'GMBH',
        register_court: 'Amtsgericht Hamburg',
        register_number: 'HRB 123456',
        foundation_date: '2015-05-01',
        external_provider_company_id: 'REG-0001',
        external_provider_name: 'test-registry',
      });
      // The same registry company again: the user's own copy is reused.
      const again = await createdApplication(demo, buildApplication({ companyCreditProviderId: 'REG-0001' }));
      expect(again.company_id).toBe(app.company_id);
      // Another borrower gets their own copy (ADR 009).
      const other = t.client('demo');
      const otherUser = await registerAndConfirm(other);
      const theirs = await createdApplication(other, buildApplication({ external_provider_company_id: 'REG-0001' }));
      expect(theirs.company_id).not.toBe(app.company_id);
      const owners = await t.sql<{ id: string; owner_user_id: string }>(
        'SELECT id, owner_user_id FROM companies WHERE id IN ($1, $2)',
        [app.company_id, theirs.company_id],
      );
      expect(Object.fromEntries(owners.map((r) => [r.id, r.owner_user_id]))).toEqual({
        [app.company_id]: demoUserId,
        [theirs.company_id]: otherUser.userId,
      });
    });

    it("the registry's legal form and foundation date decide eligibility", async () => {
      const gbr = await createdApplication(demo, buildApplication({ external_provider_company_id: 'REG-GBR' }));
      expect(gbr.rejection_reason).toBe('err_company_type_not_allowed');
      const young = await createdApplication(demo, buildApplication({ external_provider_company_id: 'REG-YOUNG' }));
      expect(young.rejection_reason).toBe('err_company_age_not_allowed');
    });

    it('an id the registry does not know: 404 err_company_not_found, nothing stored', async () => {
      const before = { apps: await count('applications'), companies: await companyCount() };
      expectErrors(await postApplication(demo, buildApplication({ external_provider_company_id: 'REG-NOPE' })), 404, [
        { code: 'err_company_not_found', field: 'external_provider_company_id' },
      ]);
      expect(await count('applications')).toBe(before.apps);
      expect(await companyCount()).toBe(before.companies);
    });
  });
});

describe('access', () => {
  it('login required: 401 err_unauthorized, nothing stored', async () => {
    const before = await count('applications');
    expectErrors(await postApplication(t.client('demo'), buildApplication()), 401, [{ code: 'err_unauthorized' }]);
    expect(await count('applications')).toBe(before);
  });

  it('a session of another partner is no session here', async () => {
    const nord = t.client('nordbank');
    await registerAndConfirm(nord);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/applications',
      headers: {
        host: 'demo.localhost:3000',
        'content-type': 'application/json',
        cookie: `fp_session=${nord.session}`,
      },
      payload: JSON.stringify(buildApplication()),
    });
    expectErrors(res, 401, [{ code: 'err_unauthorized' }]);
  });

  it('a partner without user applications (vistula) answers 403 err_no_permission', async () => {
    const vistula = t.client('vistula');
    await registerAndConfirm(vistula);
    const res = await postApplication(
      vistula,
      buildApplication({
        companyCountry: 'PL',
        currency: 'PLN',
        companyType: 'PL_SP_ZOO',
        companyPostCode: '00-001',
        purposeSelect: undefined,
      }),
    );
    expectErrors(res, 403, [{ code: 'err_no_permission' }]);
  });

  it('an unconfirmed e-mail may apply (the wizard creates the account right before)', async () => {
    const fresh = t.client('demo');
    await registerAndConfirm(fresh, {}, { confirm: false });
    expect((await postApplication(fresh, buildApplication())).statusCode).toBe(201);
  });
});

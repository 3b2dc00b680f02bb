import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application } from '@finportal/contracts/applications';
import type { CompanySearchResponse } from '@finportal/contracts/company-search';
import type { CreatedApplication } from '@finportal/contracts/offers';
import { testDatabaseUrl } from '../../config/env.js';
import { MIGRATIONS_DIR, migrate, openDatabase, type Database } from '../../db/client.js';
import { buildApplication } from '../../test/application-factories.js';
import { alpenRequest, createApplication, getApplication } from '../../test/dashboard.js';
import {
  createPostgresDatabase,
  expectErrors,
  useTestApp,
  type RegisteredUser,
  type TestClient,
} from '../../test/harness.js';
import { indexPendingCompanies } from './service.js';

/**
 * A borrower's company data is theirs alone (ADR 009): the security probe that found companies
 * shared by all borrowers of a partner, part by part. Borrower A applies; borrower B (and a
 * visitor who is not logged in) must neither see A's company data in the company search, nor
 * attach A's company to an application, nor change what A's application shows.
 */
const t = await useTestApp();
const form = t.ctx.partners.get('alpen')!.dynamic_form!;

interface Borrowers {
  a: TestClient;
  b: TestClient;
  visitor: TestClient;
  userA: RegisteredUser;
  userB: RegisteredUser;
}

let ip = 10;
async function borrowers(partner: string): Promise<Borrowers> {
  const [{ client: a, user: userA }, { client: b, user: userB }] = await Promise.all([
    t.signUp(partner, { ip: `10.9.0.${ip++}` }),
    t.signUp(partner, { ip: `10.9.0.${ip++}` }),
  ]);
  return { a, b, visitor: t.client(partner), userA, userB };
}

async function search(client: TestClient, name: string, country: string): Promise<CompanySearchResponse> {
  const res = await client.get(`/company_search?name=${encodeURIComponent(name)}&country=${country}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CompanySearchResponse>();
}

const counts = async () =>
  (
    await t.sql<{ apps: number; companies: number }>(
      'SELECT (SELECT count(*)::int FROM applications) AS apps, (SELECT count(*)::int FROM companies) AS companies',
    )
  )[0]!;

async function companyOf(id: string) {
  const [row] = await t.sql<Record<string, unknown>>(
    `SELECT name, owner_user_id, global_company_id, tax_id_number, custom_fields, street, register_number,
            register_court, to_char(foundation_date, 'YYYY-MM-DD') AS foundation_date, business_purpose
     FROM companies WHERE id = $1`,
    [id],
  );
  return row!;
}

/** What an application shows of its company. */
const companyView = (app: Application) => ({
  company_id: app.company_id,
  companyName: app.companyName,
  taxIdNumber: app.taxIdNumber,
  company_custom_fields: app.company_custom_fields,
});

describe("(a) the search never returns another borrower's company data", () => {
  it("demo: B and a visitor searching the name of A's company get nothing of it; A finds it, with full data", async () => {
    const { a, b, visitor, userA } = await borrowers('demo');
    const appA = await createApplication(
      a,
      buildApplication({ companyName: 'Xylophon Werkstatt GmbH', taxIdNumber: '1234567890', street: 'Geheimweg' }),
    );

    for (const [who, client] of [
      ['B', b],
      ['visitor', visitor],
    ] as const) {
      const found = await search(client, 'Xylophon Werkstatt', 'DE');
      expect(found.our_companies, who).toEqual([]);
      const body = JSON.stringify(found);
      expect(body, who).not.toContain(appA.company_id);
      expect(body, who).not.toContain('Geheimweg');
      expect(body, who).not.toContain('1234567890');
    }

    const own = await search(a, 'Xylophon Werkstatt', 'DE');
    expect(own.our_companies).toHaveLength(1);
    expect(own.our_companies[0]).toMatchObject({
      id: appA.company_id,
      name: 'Xylophon Werkstatt GmbH',
      street: 'Geheimweg 12a',
      isInternal: true,
      inPortfolio: false,
      tax_id_number: '1234567890',
    });
    expect((await companyOf(appA.company_id)).owner_user_id).toBe(userA.userId);
  });

  it('alpen: neither B nor a visitor sees the tax number or the custom fields of A', async () => {
    const { a, b, visitor } = await borrowers('alpen');
    const appA = await createApplication(a, alpenRequest(form, { companyName: 'Quendel Seilbahnbau GmbH' }));
    const patched = await a.patch(`/user/applications/${appA.applicationId}`, { taxIdNumber: 'ATU12345675' });
    expect(patched.statusCode, patched.body).toBe(200);

    for (const client of [b, visitor]) {
      const found = await search(client, 'Quendel Seilbahn', 'AT');
      expect(found.our_companies).toEqual([]);
      expect(JSON.stringify(found)).not.toContain('ATU12345675');
      expect(JSON.stringify(found)).not.toContain('annual_revenue');
    }

    const [own] = (await search(a, 'seilbahnbau quendel', 'AT')).our_companies;
    expect(own).toMatchObject({ id: appA.company_id, tax_id_number: 'ATU12345675', inPortfolio: false });
    expect(own!.company_custom_fields).toEqual(expect.arrayContaining([{ field_id: 'employees', field_value: 25 }]));
  });
});

describe("(b) a company_id of another borrower's company gives no access", () => {
  it('404 err_company_not_found on company_id, nothing stored', async () => {
    const { a, b } = await borrowers('demo');
    const appA = await createApplication(a, buildApplication({ companyName: 'Zaunkönig Holzbau GmbH' }));
    const foreignPartner = await borrowers('nordbank');
    const appNord = await createApplication(foreignPartner.a, buildApplication({ companyName: 'Nordfirma GmbH' }));

    const before = await counts();
    for (const companyId of [appA.company_id, appNord.company_id]) {
      expectErrors(await b.post('/user/applications', buildApplication({ company_id: companyId })), 404, [
        { code: 'err_company_not_found', field: 'company_id' },
      ]);
    }
    expect(await counts()).toEqual(before);
    expect(await t.sql('SELECT 1 FROM applications WHERE company_id = $1', [appA.company_id])).toHaveLength(1);
  });
});

describe("(c) nothing B does changes what A's application shows", () => {
  interface ProbeMoves {
    /** B's application with A's company id (the probe's way in). */
    withCompanyIdOfA: Record<string, unknown>;
    /** B's application of the same company, as B would pick it (the same registry company). */
    sameCompany: Record<string, unknown>;
    taxIdNumber: string;
    customFields?: { field_id: string; field_value: unknown }[];
  }

  /**
   * B's moves, as the probe made them: both applications, then the tax number (and custom
   * fields) changed on every application B got. Checked afterwards, A's view first: that is the
   * finding; the answers B got come after.
   */
  async function probe(b: TestClient, moves: ProbeMoves) {
    const attempt = await b.post('/user/applications', moves.withCompanyIdOfA);
    const own = await b.post('/user/applications', moves.sameCompany);
    expect(own.statusCode, own.body).toBe(201);
    const appsOfB = [attempt, own]
      .filter((r) => r.statusCode === 201)
      .map((r) => r.json<{ application: CreatedApplication }>().application);
    for (const app of appsOfB) {
      const tax = await b.patch(`/user/applications/${app.applicationId}`, { taxIdNumber: moves.taxIdNumber });
      expect(tax.statusCode, tax.body).toBe(200);
      if (moves.customFields) {
        const fields = await b.patch(`/user/applications/${app.applicationId}/custom_field_list`, {
          custom_fields: moves.customFields,
        });
        expect(fields.statusCode, fields.body).toBe(200);
      }
    }
    return { attempt, own: own.json<{ application: CreatedApplication }>().application };
  }

  it('demo: B changes the tax number of their own application of the same registry company', async () => {
    const { a, b } = await borrowers('demo');
    const appA = await createApplication(
      a,
      buildApplication({ external_provider_company_id: 'DEMO-DE-000001', taxIdNumber: '1234567890' }),
    );
    const shownBefore = companyView(await getApplication(a, appA.applicationId));
    expect(shownBefore.taxIdNumber).toBe('1234567890');

    const { attempt, own } = await probe(b, {
      withCompanyIdOfA: buildApplication({ company_id: appA.company_id }),
      sameCompany: buildApplication({ external_provider_company_id: 'DEMO-DE-000001' }),
      taxIdNumber: '9999999999',
    });

    expect(companyView(await getApplication(a, appA.applicationId))).toEqual(shownBefore);
    expectErrors(attempt, 404, [{ code: 'err_company_not_found', field: 'company_id' }]);
    expect(own.company_id).not.toBe(appA.company_id);
    expect((await getApplication(b, own.applicationId)).taxIdNumber).toBe('9999999999');
  });

  it('alpen: B changes tax number and custom fields of their own application of the same registry company', async () => {
    const { a, b } = await borrowers('alpen');
    const registryCompany = {
      ...alpenRequest(form, { companyName: 'Alpenblick Hotel AG', companyType: 'AG' }),
      external_provider_company_id: 'DEMO-AT-000001',
    };
    const appA = await createApplication(a, registryCompany);
    const shownBefore = companyView(await getApplication(a, appA.applicationId));
    expect(shownBefore.company_custom_fields).not.toEqual([]);

    const { attempt, own } = await probe(b, {
      withCompanyIdOfA: { ...alpenRequest(form), company_id: appA.company_id },
      sameCompany: registryCompany,
      taxIdNumber: 'ATU76543215',
      customFields: [
        { field_id: 'employees', field_value: 999 },
        { field_id: 'industry', field_value: 'trade' },
      ],
    });

    expect(companyView(await getApplication(a, appA.applicationId))).toEqual(shownBefore);
    expectErrors(attempt, 404, [{ code: 'err_company_not_found', field: 'company_id' }]);
    expect(own.company_id).not.toBe(appA.company_id);
    const shownToB = companyView(await getApplication(b, own.applicationId));
    expect(shownToB.taxIdNumber).toBe('ATU76543215');
    expect(shownToB.company_custom_fields).toEqual(
      expect.arrayContaining([{ field_id: 'employees', field_value: 999 }]),
    );
  });
});

describe('(d) a portfolio company of the partner (a "global company")', () => {
  let portfolioId: string;

  beforeAll(async () => {
    const [row] = await t.sql<{ id: string }>(
      `INSERT INTO companies (partner_id, name, street, house_number, postcode, city, country, company_type,
         business_purpose, register_number, register_court, foundation_date)
       VALUES ('demo', 'Pfeilkraut Maschinen GmbH', 'Am Portfolio', '7', '20095', 'Hamburg', 'DE', 'GMBH',
         'Maschinenbau', 'HRB 4711', 'Amtsgericht Hamburg', '2001-02-03')
       RETURNING id`,
    );
    portfolioId = row!.id;
  });

  it('is found by every borrower and by visitors, with register data only', async () => {
    const { a, b, visitor } = await borrowers('demo');
    for (const client of [a, b, visitor]) {
      const [hit] = (await search(client, 'Pfeilkraut Maschinen', 'DE')).our_companies;
      expect(hit).toMatchObject({
        id: portfolioId,
        name: 'Pfeilkraut Maschinen GmbH',
        street: 'Am Portfolio 7',
        plz: '20095',
        ort: 'Hamburg',
        isInternal: true,
        inPortfolio: true,
        companyType: 'GMBH',
        businessPurpose: 'Maschinenbau',
        register_number: 'HRB 4711',
        register_court: 'Amtsgericht Hamburg',
        foundation_date: '2001-02-03',
        tax_id_number: null,
        company_custom_fields: [],
      });
    }
  });

  it('applying with its id gives each borrower an own copy; the portfolio company stays as it was', async () => {
    const { a, b, userA, userB } = await borrowers('demo');
    const portfolioRow = async () => (await t.sql('SELECT * FROM companies WHERE id = $1', [portfolioId]))[0];
    const before = await portfolioRow();
    const apply = (client: TestClient, taxIdNumber: string): Promise<CreatedApplication> =>
      createApplication(
        client,
        buildApplication({ company_id: portfolioId, companyName: 'Pfeilkraut Maschinen GmbH', taxIdNumber }),
      );
    const appA = await apply(a, '1111111111');
    const appB = await apply(b, '2222222222');
    expect(new Set([appA.company_id, appB.company_id, portfolioId]).size).toBe(3);
    for (const [app, user, tax] of [
      [appA, userA, '1111111111'],
      [appB, userB, '2222222222'],
    ] as const) {
      expect(await companyOf(app.company_id)).toMatchObject({
        name: 'Pfeilkraut Maschinen GmbH',
        owner_user_id: user.userId,
        global_company_id: portfolioId,
        street: 'Am Portfolio', // register data wins, typed fields fill gaps
        register_number: 'HRB 4711',
        register_court: 'Amtsgericht Hamburg',
        foundation_date: '2001-02-03',
        business_purpose: 'Maschinenbau',
        tax_id_number: tax,
      });
    }
    expect(await portfolioRow()).toEqual(before);

    // Again with the portfolio id: the copy is reused.
    expect((await apply(a, '1111111111')).company_id).toBe(appA.company_id);
    // A's search lists A's copy (full data) instead of the portfolio company.
    const listed = (await search(a, 'Pfeilkraut Maschinen', 'DE')).our_companies;
    expect(listed.map((c) => [c.id, c.inPortfolio, c.tax_id_number])).toEqual([[appA.company_id, false, '1111111111']]);
  });

  it('never holds a tax number or custom fields (a CHECK constraint)', async () => {
    await expect(
      t.sql(`UPDATE companies SET tax_id_number = '1234567890' WHERE id = $1`, [portfolioId]),
    ).rejects.toThrow(/companies_global_register_data_only/);
    await expect(
      t.sql(`UPDATE companies SET custom_fields = '[{"field_id":"x","field_value":1}]' WHERE id = $1`, [portfolioId]),
    ).rejects.toThrow(/companies_global_register_data_only/);
  });

  it("another partner's portfolio company is not found and not accepted", async () => {
    const nord = await borrowers('nordbank');
    expect((await search(nord.a, 'Pfeilkraut Maschinen', 'DE')).our_companies).toEqual([]);
    expectErrors(await nord.a.post('/user/applications', buildApplication({ company_id: portfolioId })), 404, [
      { code: 'err_company_not_found', field: 'company_id' },
    ]);
  });
});

describe('(e) a registry company', () => {
  it("the same user applying twice reuses their copy; another user's copy is never reused", async () => {
    const { a, b, userA } = await borrowers('demo');
    const first = await createApplication(a, buildApplication({ external_provider_company_id: 'DEMO-DE-000002' }));
    const second = await createApplication(a, buildApplication({ companyCreditProviderId: 'DEMO-DE-000002' }));
    const other = await createApplication(b, buildApplication({ external_provider_company_id: 'DEMO-DE-000002' }));
    expect(second.company_id).toBe(first.company_id);
    expect(other.company_id).not.toBe(first.company_id);
    expect(await companyOf(first.company_id)).toMatchObject({
      name: 'Müller Metallbau GmbH',
      owner_user_id: userA.userId,
    });

    // The registry hit A already has is listed once, as A's company; B's and the visitor's lists
    // show the registry hit (B's own copy for B).
    const forA = await search(a, 'Müller Metallbau', 'DE');
    expect(forA.our_companies.map((c) => c.id)).toEqual([first.company_id]);
    expect(forA.external_provider_companies.map((c) => c.id)).not.toContain('DEMO-DE-000002');
    const forVisitor = await search(t.client('demo'), 'Müller Metallbau', 'DE');
    expect(forVisitor.our_companies).toEqual([]);
    expect(forVisitor.external_provider_companies[0]?.id).toBe('DEMO-DE-000002');
  });
});

describe('migration 0006 on existing data', () => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finportal-migrations-'));
    for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f < '0006')) {
      fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
    }
    const server = testDatabaseUrl();
    if (server) {
      const created = await createPostgresDatabase(server);
      drop = created.drop;
      database = await openDatabase({ url: created.url, poolSize: 2 });
    } else {
      database = await openDatabase({});
    }
    await migrate(database, dir);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await drop?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gives every company an owner, splits shared ones per borrower and strips portfolio rows', async () => {
    const q = database.query.bind(database);
    await q(`INSERT INTO partners (id, config) VALUES ('demo', '{}')`);
    const [ua, ub] = await q<{ id: string }>(
      `INSERT INTO users (partner_id, email) VALUES ('demo', 'a@example.com'), ('demo', 'b@example.com') RETURNING id`,
    );
    const company = async (name: string, createdBy: string | null, tax: string | null) =>
      (
        await q<{ id: string }>(
          `INSERT INTO companies (partner_id, name, country, created_by, tax_id_number, custom_fields)
           VALUES ('demo', $1, 'DE', $2, $3, '[{"field_id":"f","field_value":1}]') RETURNING id`,
          [name, createdBy, tax],
        )
      )[0]!.id;
    let n = 0;
    const application = async (userId: string, companyId: string) =>
      (
        await q<{ id: string }>(
          `INSERT INTO applications (short_id, partner_id, user_id, company_id, status, loan_type, product_type, currency,
             created_at)
           VALUES ($1, 'demo', $2, $3, 'Open', 'factoring', 'factoring', 'EUR', now() + $4 * interval '1 second')
           RETURNING id`,
          [`MIGTEST${'ABCDEFGH'[n]}`, userId, companyId, n++],
        )
      )[0]!.id;

    const shared = await company('Geteilte Firma GmbH', ua!.id, '1111111111');
    const noCreator = await company('Ohne Ersteller GmbH', null, '2222222222');
    const unused = await company('Portfolio Firma GmbH', null, '3333333333');
    const debtor = await company('Schuldner GmbH', null, null);
    const appA = await application(ua!.id, shared);
    const appB = await application(ub!.id, shared);
    const appB2 = await application(ub!.id, noCreator);
    await q(
      `INSERT INTO factoring_debitors (application_id, partner_id, company_id, annual_sales_previous_year, currency)
       VALUES ($1, 'demo', $2, 1000, 'EUR'), ($3, 'demo', $2, 1000, 'EUR')`,
      [appA, debtor, appB],
    );

    fs.copyFileSync(
      path.join(MIGRATIONS_DIR, '0006_company_ownership_and_search.sql'),
      path.join(dir, '0006_company_ownership_and_search.sql'),
    );
    expect(await migrate(database, dir)).toEqual(['0006_company_ownership_and_search.sql']);

    const companyOfApp = async (id: string) =>
      (
        await q<{ id: string; owner_user_id: string | null; name: string; tax_id_number: string | null }>(
          `SELECT c.id, c.owner_user_id, c.name, c.tax_id_number FROM applications a JOIN companies c ON c.id = a.company_id
           WHERE a.id = $1`,
          [id],
        )
      )[0]!;
    expect(await companyOfApp(appA)).toEqual({
      id: shared,
      owner_user_id: ua!.id,
      name: 'Geteilte Firma GmbH',
      tax_id_number: '1111111111',
    });
    const copyB = await companyOfApp(appB);
    expect(copyB).toMatchObject({ owner_user_id: ub!.id, name: 'Geteilte Firma GmbH', tax_id_number: '1111111111' });
    expect(copyB.id).not.toBe(shared);
    expect(await companyOfApp(appB2)).toMatchObject({ id: noCreator, owner_user_id: ub!.id });

    const debtors = await q<{ application_id: string; owner_user_id: string; company_id: string }>(
      `SELECT d.application_id, d.company_id, c.owner_user_id FROM factoring_debitors d JOIN companies c ON c.id = d.company_id`,
    );
    const debtorOf = (app: string) => debtors.find((d) => d.application_id === app)!;
    expect(debtorOf(appA)).toMatchObject({ company_id: debtor, owner_user_id: ua!.id });
    expect(debtorOf(appB).owner_user_id).toBe(ub!.id);
    expect(debtorOf(appB).company_id).not.toBe(debtor);

    expect(
      await q('SELECT owner_user_id, tax_id_number, custom_fields FROM companies WHERE id = $1', [unused]),
    ).toEqual([{ owner_user_id: null, tax_id_number: null, custom_fields: [] }]);

    // Every company waits for its search text; the boot (or the next search) writes it.
    const pending = await q<{ n: number }>('SELECT count(*)::int AS n FROM companies WHERE search_text IS NULL');
    expect(pending[0]!.n).toBe(6);
    expect(await indexPendingCompanies(database.db)).toBe(6);
    expect(await q('SELECT search_text FROM companies WHERE id = $1', [shared])).toEqual([
      { search_text: 'geteilte firma gmbh' },
    ]);
  }, 60_000);
});

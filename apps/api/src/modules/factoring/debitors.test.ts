import { describe, expect, it } from 'vitest';
import { COMPLETE_SIGNATORY, createApplication, seed } from '../../test/dashboard.js';
import {
  addCompany,
  addDebitor,
  addInsurerCompany,
  addTypedDebitor,
  auditsOf,
  buildDebitor,
  buildNewCompany,
  companiesPath,
  createFactoringApplication,
  debitorOf,
  debitorPath,
  debitorsPath,
  digest,
  INSURER,
  listDebitors,
  setStatus,
} from '../../test/factoring.js';
import { errorsOf, useTestApp } from '../../test/harness.js';

/**
 * The debtors of a factoring application (spec 2 sections 2, 3, 5, 6 and 7; issue 12; ADR 018):
 * GET/POST .../factoring/debitors, PATCH/DELETE .../factoring/debitors/{debitorId} and POST
 * .../companies for a debtor the search did not find.
 */
const t = await useTestApp();
const [{ client: owner, user: ownerUser }, { client: other }, { client: signer, user: signerUser }] = await Promise.all(
  [t.signUp('demo', { ip: '10.41.0.1' }), t.signUp('demo', { ip: '10.41.0.2' }), t.signUp('demo', { ip: '10.41.0.3' })],
);

describe('POST .../companies (a new debtor company)', () => {
  it('creates the applicant’s own company, findable at once; an audit entry names the application', async () => {
    const id = await createFactoringApplication(owner);
    const company = await addCompany(owner, id, { companyName: 'Hafenkontor Nord GmbH' });
    expect(company).toEqual({
      company_id: expect.any(String),
      company_name: 'Hafenkontor Nord GmbH',
      company_country: 'DE',
      companyType: 'GMBH',
      hrNumber: 'HRB 99887',
      taxIdNumber: null,
      external_provider_company_id: null,
      external_provider_name: null,
    });
    const [row] = await t.sql<{ owner_user_id: string; search_text: string | null }>(
      'SELECT owner_user_id, search_text FROM companies WHERE id = $1',
      [company.company_id],
    );
    expect(row).toEqual({ owner_user_id: ownerUser.userId, search_text: expect.stringContaining('hafenkontor') });
    const audits = await auditsOf(t, 'company', id);
    expect(audits).toContainEqual(
      expect.objectContaining({ action: 'company.created', entity_id: company.company_id }),
    );
  });

  it('"Company already exists": the same name, register number or provider entry of an own or portfolio company is 409 with its id', async () => {
    const id = await createFactoringApplication(owner);
    const first = await addCompany(owner, id, { companyName: 'Doppelt Handel GmbH', hrNumber: 'HRB 55555' });
    const before = await digest(t);
    for (const body of [
      buildNewCompany({ companyName: 'doppelt handel gmbh', hrNumber: null }),
      buildNewCompany({ companyName: 'Ganz Anders AG', hrNumber: 'HRB55555' }),
    ]) {
      const res = await owner.post(companiesPath(id), body);
      expect(res.statusCode, res.body).toBe(409);
      expect(errorsOf(res)).toEqual([{ code: 'err_company_exists', values: { company_id: first.company_id } }]);
    }
    const portfolio = await t.sql<{ id: string }>(
      `INSERT INTO companies (partner_id, name, country) VALUES ('demo', 'Portfolio Spedition KG', 'DE') RETURNING id`,
    );
    const res = await owner.post(
      companiesPath(id),
      buildNewCompany({ companyName: 'Portfolio Spedition KG', hrNumber: null }),
    );
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)[0]?.values).toEqual({ company_id: portfolio[0]!.id });
    const insurer = await addInsurerCompany(owner, id, INSURER.mueller);
    const again = await owner.post(
      companiesPath(id),
      buildNewCompany({ external_provider_name: INSURER.name, external_provider_company_id: INSURER.mueller }),
    );
    expect(errorsOf(again)).toEqual([{ code: 'err_company_exists', values: { company_id: insurer.company_id } }]);
    expect((await digest(t)).factoring_debitors).toEqual(before.factoring_debitors);
  });

  it('another borrower’s company of the same name is no duplicate (theirs alone, ADR 009)', async () => {
    const mine = await createFactoringApplication(owner);
    const theirs = await createFactoringApplication(other);
    await addCompany(other, theirs, { companyName: 'Nur Bei Anderen GmbH', hrNumber: null });
    await addCompany(owner, mine, { companyName: 'Nur Bei Anderen GmbH', hrNumber: null });
  });

  it('a hit of the insurer’s directory is made from the insurer’s data; an unknown provider id is 404', async () => {
    const id = await createFactoringApplication(owner);
    const company = await addInsurerCompany(owner, id, INSURER.musterbau);
    expect(company).toMatchObject({
      company_name: 'Musterbau Schmidt GmbH',
      company_country: 'DE',
      companyType: 'GMBH',
      hrNumber: 'HRB 123456 B',
      external_provider_name: INSURER.name,
      external_provider_company_id: INSURER.musterbau,
    });
    const unknown = await owner.post(
      companiesPath(id),
      buildNewCompany({
        companyName: 'Erfunden GmbH',
        external_provider_name: INSURER.name,
        external_provider_company_id: 'DCI-DE-999999',
      }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(errorsOf(unknown)).toEqual([{ code: 'err_company_not_found', field: 'external_provider_company_id' }]);
    const stranger = await owner.post(
      companiesPath(id),
      buildNewCompany({ external_provider_name: 'some_bureau', external_provider_company_id: 'X-1' }),
    );
    expect(stranger.statusCode).toBe(400);
  });

  it('refuses a company without type or country, with a bad address or ids, or a provider id alone (400, nothing stored)', async () => {
    const id = await createFactoringApplication(owner);
    const before = await digest(t);
    const res = await owner.post(
      companiesPath(id),
      buildNewCompany({
        companyType: null,
        address_country: null,
        companyName: 'X',
        address_post_code: '1234567890',
        hrNumber: 'HRB 1; DROP',
        taxIdNumber: 'nope',
        businessPurpose: 'abc',
        external_provider_company_id: 'DCI-DE-000001',
      }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(errorsOf(res).map((e) => [e.field, e.code])).toEqual([
      ['address_country', 'err_required'],
      ['companyName', 'err_too_short'],
      ['companyType', 'err_required'],
      ['address_post_code', 'err_too_long'],
      ['hrNumber', 'err_invalid_characters'],
      ['taxIdNumber', 'err_invalid_tax_number'],
      ['businessPurpose', 'err_too_short'],
      ['external_provider_name', 'err_required'],
    ]);
    expect(await digest(t)).toEqual(before);
  });
});

describe('POST/GET/PATCH/DELETE .../factoring/debitors', () => {
  it('adds, lists (largest first, with the concentration), changes and deletes debtors, each with an audit entry', async () => {
    const id = await createFactoringApplication(owner);
    const a = await addTypedDebitor(owner, id, 'Alpha Bau GmbH', { annual_sales_previous_year: 600_000 });
    expect(a).toMatchObject({
      company: { company_name: 'Alpha Bau GmbH', company_country: 'DE' },
      annual_sales_previous_year: 600_000,
      currency: 'EUR',
      insurance_cover: null,
      external_provider_company: null,
      can_request_cover: false,
    });
    const b = await addTypedDebitor(owner, id, 'Beta Handel GmbH', { annual_sales_previous_year: 250_000 });
    const c = await addTypedDebitor(owner, id, 'Gamma Schweiz AG', {
      annual_sales_previous_year: 100_000,
      currency: 'CHF',
    });
    let list = await listDebitors(owner, id);
    expect(list.result.map((d) => d.debitor_id)).toEqual([a.debitor_id, b.debitor_id, c.debitor_id]);
    expect(list).toMatchObject({
      max_debitors: 5,
      is_editable: true,
      company_link: true,
      credit_insurer: INSURER.name,
    });
    // The largest debtor's share of the listed sales in the application's currency (the CHF one is left out).
    expect(list.concentration).toEqual({
      currency: 'EUR',
      total_sales: 850_000,
      largest_sales: 600_000,
      largest_share: 0.7059,
      largest_debitor_id: a.debitor_id,
      debitor_count: 2,
      excluded_count: 1,
    });

    const changed = debitorOf(
      await owner.patch(debitorPath(id, b.debitor_id), { annual_sales_previous_year: 900_000.5 }),
    );
    expect(changed).toMatchObject({ annual_sales_previous_year: 900_000.5, currency: 'EUR' });
    list = await listDebitors(owner, id);
    expect(list.result[0]!.debitor_id).toBe(b.debitor_id);
    expect(list.concentration?.largest_share).toBe(0.6);

    const deleted = await owner.request('DELETE', debitorPath(id, c.debitor_id));
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await listDebitors(owner, id)).result).toHaveLength(2);
    expect((await owner.request('DELETE', debitorPath(id, c.debitor_id))).statusCode).toBe(404);

    const actions = (await auditsOf(t, 'debitor', id)).map((x) => x.action);
    expect(actions).toEqual(['debitor.added', 'debitor.added', 'debitor.added', 'debitor.updated', 'debitor.deleted']);
  });

  it('"company id required": a debtor without a company id is 400 on company_id; sales and currency are judged too', async () => {
    const id = await createFactoringApplication(owner);
    const before = await digest(t);
    const res = await owner.post(debitorsPath(id), { annual_sales_previous_year: 0, currency: 'USDX' });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorsOf(res)).toEqual([
      { field: 'company_id', code: 'err_company_id_required' },
      { field: 'annual_sales_previous_year', code: 'err_too_small', values: { min: 0 } },
      { field: 'currency', code: 'err_invalid_value' },
    ]);
    for (const body of [
      { company_id: '', annual_sales_previous_year: 1, currency: 'EUR' },
      { company_id: null, annual_sales_previous_year: 1, currency: 'EUR' },
    ]) {
      expect(errorsOf(await owner.post(debitorsPath(id), body))).toEqual([
        { field: 'company_id', code: 'err_company_id_required' },
      ]);
    }
    const company = await addCompany(owner, id, { companyName: 'Sales Check GmbH', hrNumber: null });
    const missing = await owner.post(debitorsPath(id), { company_id: company.company_id });
    expect(errorsOf(missing)).toEqual([
      { field: 'annual_sales_previous_year', code: 'err_required' },
      { field: 'currency', code: 'err_required' },
    ]);
    const tooBig = await owner.post(
      debitorsPath(id),
      buildDebitor(company.company_id, { annual_sales_previous_year: 1_000_000_000 }),
    );
    expect(errorsOf(tooBig)).toEqual([
      { field: 'annual_sales_previous_year', code: 'err_too_big', values: { max: 999_999_999 } },
    ]);
    const extra = await owner.post(debitorsPath(id), { ...buildDebitor(company.company_id), cover_status: 'Cover' });
    expect(extra.statusCode).toBe(400);
    expect((await digest(t)).factoring_debitors).toEqual(before.factoring_debitors);
  });

  it('a company the applicant may not name is 404; their own applicant company is 400; a company twice is 409', async () => {
    const id = await createFactoringApplication(owner);
    const theirs = await addCompany(other, await createFactoringApplication(other), {
      companyName: 'Fremd GmbH',
      hrNumber: null,
    });
    const foreign = await owner.post(debitorsPath(id), buildDebitor(theirs.company_id));
    expect(foreign.statusCode).toBe(404);
    expect(errorsOf(foreign)).toEqual([{ code: 'err_company_not_found', field: 'company_id' }]);
    const unknown = await owner.post(debitorsPath(id), buildDebitor('00000000-0000-4000-8000-000000000000'));
    expect(unknown.statusCode).toBe(404);
    const [app] = await t.sql<{ company_id: string }>('SELECT company_id FROM applications WHERE id = $1', [id]);
    const self = await owner.post(debitorsPath(id), buildDebitor(app!.company_id));
    expect(errorsOf(self)).toEqual([{ code: 'err_debitor_is_applicant', field: 'company_id' }]);

    const first = await addTypedDebitor(owner, id, 'Einmal GmbH');
    const twice = await owner.post(debitorsPath(id), buildDebitor(first.company.company_id));
    expect(twice.statusCode).toBe(409);
    expect(errorsOf(twice)).toEqual([
      { code: 'err_debitor_company_exists', field: 'company_id', values: { debitor_id: first.debitor_id } },
    ]);
    // A portfolio company may be named (register data only), once.
    const [portfolio] = await t.sql<{ id: string }>(
      `INSERT INTO companies (partner_id, name, country) VALUES ('demo', 'Portfolio Kunde AG', 'DE') RETURNING id`,
    );
    await addDebitor(owner, id, portfolio!.id);
  });

  it('at most the partner’s maximum (5, the top debtors): the sixth is 409 with the maximum', async () => {
    const id = await createFactoringApplication(owner);
    for (let i = 1; i <= 5; i++) await addTypedDebitor(owner, id, `Top ${i} GmbH`);
    const company = await addCompany(owner, id, { companyName: 'Sechster GmbH', hrNumber: null });
    const res = await owner.post(debitorsPath(id), buildDebitor(company.company_id));
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)).toEqual([{ code: 'err_factoring_debitors_max', values: { max: 5 } }]);
  });

  it('PATCH keeps a field left out, judges the result and refuses the company (strict)', async () => {
    const id = await createFactoringApplication(owner);
    const debitor = await addTypedDebitor(owner, id, 'Patch Me GmbH');
    expect(debitorOf(await owner.patch(debitorPath(id, debitor.debitor_id), { currency: 'CHF' }))).toMatchObject({
      currency: 'CHF',
      annual_sales_previous_year: 250_000,
    });
    const bad = await owner.patch(debitorPath(id, debitor.debitor_id), { annual_sales_previous_year: null });
    expect(errorsOf(bad)).toEqual([{ field: 'annual_sales_previous_year', code: 'err_required' }]);
    const company = await owner.patch(debitorPath(id, debitor.debitor_id), { company_id: debitor.company.company_id });
    expect(company.statusCode).toBe(400);
    const unknownId = await owner.patch(debitorPath(id, '00000000-0000-4000-8000-000000000000'), { currency: 'EUR' });
    expect(unknownId.statusCode).toBe(404);
  });
});

describe('who may change debtors: `debitor` in allowed_updates (403 otherwise)', () => {
  it('an accepted signatory lists them (not editable) and gets 403 on every write; so does the owner after submission', async () => {
    const id = await createFactoringApplication(owner);
    const debitor = await addTypedDebitor(owner, id, 'Nur Lesen GmbH');
    await seed(t, id, { signatories: [{ ...COMPLETE_SIGNATORY, user_email: signerUser.email }] });
    const seen = await listDebitors(signer, id);
    expect(seen.is_editable).toBe(false);
    expect(seen.result[0]!.can_request_cover).toBe(false);
    const company = await addCompany(owner, id, { companyName: 'Noch Einer GmbH', hrNumber: null });
    const before = await digest(t);
    const writes = (client: typeof owner) => [
      client.post(debitorsPath(id), buildDebitor(company.company_id)),
      client.patch(debitorPath(id, debitor.debitor_id), { currency: 'CHF' }),
      client.request('DELETE', debitorPath(id, debitor.debitor_id)),
      client.post(companiesPath(id), buildNewCompany({ companyName: 'Verboten GmbH' })),
    ];
    for (const res of await Promise.all(writes(signer))) {
      expect(res.statusCode, res.body).toBe(403);
      expect(errorsOf(res)[0]?.code).toBe('err_no_permission');
    }
    await setStatus(t, id, 'Submitted');
    for (const res of await Promise.all(writes(owner))) expect(res.statusCode, res.body).toBe(403);
    expect((await listDebitors(owner, id)).is_editable).toBe(false);
    await setStatus(t, id, 'Open');
    expect(await digest(t)).toEqual(before);
  });

  it('is 409 for an application that is not factoring', async () => {
    const { applicationId } = await createApplication(owner);
    for (const res of [
      await owner.get(debitorsPath(applicationId)),
      await owner.post(companiesPath(applicationId), buildNewCompany()),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(errorsOf(res)[0]?.code).toBe('err_factoring_not_applicable');
    }
  });
});

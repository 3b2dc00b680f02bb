import { describe, expect, it } from 'vitest';
import { companySearchResponse, type CompanySearchResponse } from '@finportal/contracts/company-search';
import { filterValuesResponse } from '@finportal/contracts/debitors';
import { addCompany, addInsurerCompany, createFactoringApplication, INSURER } from '../../test/factoring.js';
import { errorsOf, useTestApp, type TestClient } from '../../test/harness.js';

/**
 * The debtor search (spec 2 section 7; issue 12; ADR 018): GET /user/filter_values and GET
 * /user/company_search?purpose=company_cover, by name or by register or tax id, listing our
 * companies the borrower may name and the credit insurer's directory (up to page_size 100).
 */
const t = await useTestApp();
const [{ client: owner }, { client: other }] = await Promise.all([
  t.signUp('demo', { ip: '10.45.0.1' }),
  t.signUp('demo', { ip: '10.45.0.2' }),
]);

async function search(client: TestClient, query: Record<string, string | number>): Promise<CompanySearchResponse> {
  const res = await client.get(
    `/user/company_search?${new URLSearchParams({ purpose: 'company_cover', ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return companySearchResponse.strict().parse(res.json());
}

describe('GET /user/filter_values', () => {
  it('answers the id types per country', async () => {
    const res = await owner.get('/user/filter_values');
    expect(res.statusCode, res.body).toBe(200);
    expect(filterValuesResponse.strict().parse(res.json())).toEqual({
      company_country_ids: {
        DE: ['hr_number', 'vat_id'],
        AT: ['fn_number', 'vat_id'],
        CH: ['uid'],
        PL: ['krs', 'nip'],
      },
      default_company_country_ids: ['vat_id'],
    });
    expect((await t.client('demo').get('/user/filter_values')).statusCode).toBe(401);
  });
});

describe('GET /user/company_search?purpose=company_cover', () => {
  it('by name: the insurer’s companies (its name and ids), registered ones only; up to page_size', async () => {
    const found = await search(owner, { country: 'DE', name: 'Musterbau Schmidt', page_size: 100 });
    expect(found.external_provider_companies[0]).toMatchObject({
      id: INSURER.musterbau,
      name: 'Musterbau Schmidt GmbH',
      isInternal: false,
      external_provider_name: INSURER.name,
      external_provider_company_id: INSURER.musterbau,
      register_number: 'HRB 123456 B',
    });
    // "Kleine Feier GbR" has no register entry: the insurer does not know it.
    expect((await search(owner, { country: 'DE', name: 'Kleine Feier' })).external_provider_companies).toEqual([]);
    const many = await search(owner, { country: 'DE', name: 'GmbH', page_size: 100 });
    expect(many.external_provider_companies).toHaveLength(100);
    expect(
      (await search(owner, { country: 'DE', name: 'GmbH', page_size: 7 })).external_provider_companies,
    ).toHaveLength(7);
  });

  it('by id: HR number with or without the court suffix, VAT id, Firmenbuch, UID, KRS without its zeros', async () => {
    const byHr = async (id: string) =>
      (
        await search(owner, { country: 'DE', company_country_id_type: 'hr_number', company_country_id: id })
      ).external_provider_companies.map((c) => c.id);
    expect(await byHr('HRB 123456 B')).toContain(INSURER.musterbau);
    expect(await byHr('hrb123456')).toContain(INSURER.musterbau);
    expect(await byHr('HRB 731942')).toEqual([INSURER.mueller]);
    const vat = await search(owner, {
      country: 'DE',
      company_country_id_type: 'vat_id',
      company_country_id: 'DE 308 664 738',
    });
    expect(vat.external_provider_companies.map((c) => c.id)).toEqual([INSURER.musterbau]);
    const fn = await search(owner, {
      country: 'AT',
      company_country_id_type: 'fn_number',
      company_country_id: '214365 k',
    });
    expect(fn.external_provider_companies.map((c) => c.id)).toEqual([INSURER.alpenblick]);
    const krs = await search(owner, { country: 'PL', company_country_id_type: 'krs', company_country_id: '318204' });
    expect(krs.external_provider_companies.map((c) => c.id)).toEqual([INSURER.wisla]);
    const uid = await search(owner, {
      country: 'CH',
      company_country_id_type: 'uid',
      company_country_id: 'CHE-680.040.707',
    });
    expect(uid.external_provider_companies.map((c) => c.id)).toEqual(['DCI-CH-000001']);
  });

  it('lists the borrower’s own companies (an insurer’s one once, as ours), never another borrower’s', async () => {
    const id = await createFactoringApplication(owner);
    const own = await addInsurerCompany(owner, id, INSURER.mueller);
    const typed = await addCompany(owner, id, { companyName: 'Metallbau Eigenbetrieb GmbH', hrNumber: 'HRB 8080' });
    const theirs = await createFactoringApplication(other);
    await addCompany(other, theirs, { companyName: 'Metallbau Fremdbetrieb GmbH', hrNumber: 'HRB 9090' });

    const byName = await search(owner, { country: 'DE', name: 'Metallbau' });
    const ours = byName.our_companies.map((c) => c.id);
    expect(ours).toEqual(expect.arrayContaining([own.company_id, typed.company_id]));
    expect(byName.our_companies.map((c) => c.name)).not.toContain('Metallbau Fremdbetrieb GmbH');
    expect(byName.external_provider_companies.map((c) => c.id)).not.toContain(INSURER.mueller);
    expect(byName.our_companies.find((c) => c.id === own.company_id)).toMatchObject({
      isInternal: true,
      inPortfolio: false,
      external_provider_name: INSURER.name,
    });

    const byId = await search(owner, {
      country: 'DE',
      company_country_id_type: 'hr_number',
      company_country_id: 'HRB 8080',
    });
    expect(byId.our_companies.map((c) => c.id)).toEqual([typed.company_id]);
    const fromOther = await search(other, {
      country: 'DE',
      company_country_id_type: 'hr_number',
      company_country_id: 'HRB 8080',
    });
    expect(fromOther.our_companies).toEqual([]);
  });

  it('refuses a wrong question: no name or id, both, a type of another country, an id of the wrong form, page_size over 100, other purposes', async () => {
    const get = (query: string) => owner.get(`/user/company_search?${query}`);
    const cases: [string, string][] = [
      ['purpose=company_cover&country=DE', 'name'],
      [
        'purpose=company_cover&country=DE&name=Musterbau&company_country_id_type=hr_number&company_country_id=HRB%201',
        'name',
      ],
      [
        'purpose=company_cover&country=DE&company_country_id_type=krs&company_country_id=318204',
        'company_country_id_type',
      ],
      [
        'purpose=company_cover&country=DE&company_country_id_type=hr_number&company_country_id=12345',
        'company_country_id',
      ],
      ['purpose=company_cover&country=DE&company_country_id_type=hr_number', 'company_country_id'],
      ['purpose=company_cover&country=DE&name=Musterbau&page_size=101', 'page_size'],
      ['purpose=anything&country=DE&name=Musterbau', 'purpose'],
      ['purpose=company_cover&country=DE&name=abc', 'name'],
      ['purpose=company_cover&country=DE&name=Musterbau&colour=red', ''],
    ];
    for (const [query, field] of cases) {
      const res = await get(query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      if (field)
        expect(
          errorsOf(res).map((e) => e.field),
          query,
        ).toContain(field);
    }
    expect(
      (await t.client('demo').get('/user/company_search?purpose=company_cover&country=DE&name=Musterbau')).statusCode,
    ).toBe(401);
  });
});

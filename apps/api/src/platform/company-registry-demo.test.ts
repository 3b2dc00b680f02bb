import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessPurposeSchema,
  citySchema,
  houseNumberSchema,
  isCompanyTaxNumber,
  postcodeSchema,
  streetSchema,
} from '@finportal/contracts/company';
import { createTestApp, type TestApp } from '../test/harness.js';
import { DemoCompanyRegistry, seedDemoRegistry } from './company-registry-demo.js';
import {
  asOfMonth,
  DEMO_REGISTRY_COUNTS,
  demoDatasetKey,
  generateDemoRegistry,
  isPolishNip,
  isSwissUid,
} from './company-registry-demo-data.js';
import type { RegistryCompany } from './company-registry.js';

const AS_OF = '2026-11';
const data = generateDemoRegistry(AS_OF);
const byCountry = (country: string) => data.filter((c) => c.country === country);

const LEGAL_FORMS: Record<string, string[]> = {
  DE: ['GMBH', 'UG', 'AG', 'GMBH_CO_KG', 'KG', 'OHG', 'GBR', 'EK', 'FREIE_BERUFE', 'EINZELUNTERNEHMEN'],
  AT: ['GMBH', 'AG', 'KG', 'OG', 'EU'],
  CH: ['CH_AG', 'CH_GMBH', 'CH_EINZELFIRMA'],
  PL: ['PL_SP_ZOO', 'PL_SA', 'PL_SP_J', 'PL_JDG'],
};

describe('the demo registry data set', () => {
  it('has at least 5,000 companies in DE, AT, CH and PL, with unique ids and unique names per country', () => {
    expect(data.length).toBeGreaterThanOrEqual(5000);
    for (const [country, count] of Object.entries(DEMO_REGISTRY_COUNTS)) {
      expect(byCountry(country), country).toHaveLength(count);
      expect(new Set(byCountry(country).map((c) => c.name.toLowerCase())).size, country).toBe(count);
    }
    expect(new Set(data.map((c) => c.id)).size).toBe(data.length);
    expect(data.every((c) => /^DEMO-(DE|AT|CH|PL)-\d{6}$/.test(c.id) && c.id.slice(5, 7) === c.country)).toBe(true);
  });

  it('is deterministic: two generations are equal', () => {
    expect(generateDemoRegistry(AS_OF)).toEqual(data);
  });

  it('another reference month moves only the young companies', () => {
    const later = generateDemoRegistry('2027-05');
    expect(later.map((c) => [c.id, c.name])).toEqual(data.map((c) => [c.id, c.name]));
    const moved = later.filter((c, i) => c.foundation_date !== data[i]!.foundation_date);
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.length / data.length).toBeLessThan(0.12);
    expect(moved.every((c) => c.foundation_date! >= '2025-06-01')).toBe(true);
  });

  it.each(Object.keys(LEGAL_FORMS))('%s: legal forms of the country, every one of them used', (country) => {
    const forms = new Set(byCountry(country).map((c) => c.legal_form));
    expect([...forms].sort()).toEqual([...LEGAL_FORMS[country]!].sort());
  });

  it('names carry the letters of their languages (umlauts, accents, Polish letters)', () => {
    const share = (country: string, re: RegExp) =>
      byCountry(country).filter((c) => re.test(c.name)).length / byCountry(country).length;
    expect(share('DE', /[äöüß]/i)).toBeGreaterThan(0.1);
    expect(share('AT', /[äöüß]/i)).toBeGreaterThan(0.1);
    expect(share('CH', /[éèàçâêôüäö]/i)).toBeGreaterThan(0.1);
    expect(share('PL', /[ąćęłńóśźż]/i)).toBeGreaterThan(0.3);
    expect(byCountry('CH').some((c) => c.name.endsWith(' Sàrl'))).toBe(true);
    expect(byCountry('PL').some((c) => c.name.endsWith(' sp. z o.o.'))).toBe(true);
    expect(byCountry('DE').some((c) => c.name.endsWith(' UG (haftungsbeschränkt)'))).toBe(true);
  });

  it('addresses pass the wizard rules and look like the country', () => {
    const postcode: Record<string, RegExp> = { DE: /^\d{5}$/, AT: /^\d{4}$/, CH: /^\d{4}$/, PL: /^\d{2}-\d{3}$/ };
    const bad = (c: RegistryCompany) =>
      !streetSchema.safeParse(c.street).success ||
      !houseNumberSchema.safeParse(c.house_number).success ||
      !postcodeSchema.safeParse(c.postcode).success ||
      !citySchema.safeParse(c.city).success ||
      !businessPurposeSchema.safeParse(c.business_purpose).success ||
      !postcode[c.country]!.test(c.postcode) ||
      c.name.length < 4;
    expect(data.filter(bad)).toEqual([]);
    expect(byCountry('PL').every((c) => /^(ul|al)\. /.test(c.street))).toBe(true);
    expect(byCountry('CH').some((c) => c.street.includes('ß'))).toBe(false);
  });

  it('register entries per country: HRA/HRB at an Amtsgericht, FN, CHE UID, KRS', () => {
    const check: Record<string, (c: RegistryCompany) => boolean> = {
      DE: (c) =>
        ['GBR', 'FREIE_BERUFE', 'EINZELUNTERNEHMEN'].includes(c.legal_form!)
          ? c.register_number === null && c.register_court === null
          : /^HR[AB] \d{4,6}( B)?$/.test(c.register_number!) &&
            c.register_court!.startsWith('Amtsgericht ') &&
            c.register_number!.startsWith('HRB') === ['GMBH', 'UG', 'AG'].includes(c.legal_form!),
      AT: (c) => /^FN \d{5,6}[a-z]$/.test(c.register_number!) && /gericht/i.test(c.register_court!),
      CH: (c) => isSwissUid(c.register_number!) && /regist/i.test(c.register_court!),
      PL: (c) =>
        c.legal_form === 'PL_JDG'
          ? c.register_number === null
          : /^\d{10}$/.test(c.register_number!) && c.register_court!.startsWith('Sąd Rejonowy'),
    };
    expect(data.filter((c) => !check[c.country]!(c))).toEqual([]);
    expect(isSwissUid('CHE-123.456.788')).toBe(true);
    expect(isSwissUid('CHE-123.456.789')).toBe(false);
  });

  it('some have a tax id, every one valid (our company tax number rule; NIP check digit)', () => {
    const withTax = data.filter((c) => c.tax_id_number !== null);
    expect(withTax.length).toBeGreaterThan(1000);
    expect(withTax.filter((c) => !isCompanyTaxNumber(c.tax_id_number!))).toEqual([]);
    expect(
      byCountry('PL')
        .filter((c) => c.tax_id_number)
        .every((c) => isPolishNip(c.tax_id_number!)),
    ).toBe(true);
    expect(byCountry('DE').some((c) => c.tax_id_number === null)).toBe(true);
  });

  it('founded between 1950 and last month, some younger than two years, none in the future', () => {
    const lastMonthEnd = '2026-10-31';
    expect(data.filter((c) => !(c.foundation_date! >= '1950-01-01' && c.foundation_date! <= lastMonthEnd))).toEqual([]);
    for (const country of Object.keys(DEMO_REGISTRY_COUNTS)) {
      const young = byCountry(country).filter((c) => c.foundation_date! >= '2024-11-01');
      expect(young.length / byCountry(country).length, country).toBeGreaterThan(0.04);
    }
    expect(data.some((c) => c.foundation_date!.startsWith('195'))).toBe(true);
    expect(
      byCountry('DE')
        .filter((c) => c.legal_form === 'UG')
        .every((c) => c.foundation_date! >= '2008-11-01'),
    ).toBe(true);
  });

  it('contains the fixed companies that tests rely on', () => {
    const get = (name: string) => data.find((c) => c.name === name);
    expect(get('Musterbau Schmidt GmbH')).toMatchObject({
      id: 'DEMO-DE-000001',
      country: 'DE',
      city: 'Berlin',
      legal_form: 'GMBH',
      foundation_date: '2012-04-17',
    });
    expect(get('Junge Gründer UG')).toMatchObject({ country: 'DE', legal_form: 'UG', foundation_date: '2026-05-01' });
    expect(get('Kleine Feier GbR')).toMatchObject({ country: 'DE', legal_form: 'GBR' });
    expect(get('Müller Metallbau GmbH')).toMatchObject({ country: 'DE', legal_form: 'GMBH' });
    expect(get('Alpenblick Hotel AG')).toMatchObject({ id: 'DEMO-AT-000001', country: 'AT', legal_form: 'AG' });
    expect(get('Zürcher Feinmechanik AG')).toMatchObject({ id: 'DEMO-CH-000001', legal_form: 'CH_AG' });
    expect(get('Wisła Logistyka sp. z o.o.')).toMatchObject({ id: 'DEMO-PL-000001', legal_form: 'PL_SP_ZOO' });
    expect(get('Łódzka Spółka Handlowa sp. z o.o.')).toMatchObject({ country: 'PL', city: 'Łódź' });
  });
});

describe('seedDemoRegistry and DemoCompanyRegistry', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(); // the harness seeds, like main.ts
  });

  afterAll(async () => {
    await t?.close();
  });

  const count = async (table: string) =>
    Number((await t.sql<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

  it('the harness seeded the current data set; seeding again changes nothing', async () => {
    const total = Object.values(DEMO_REGISTRY_COUNTS).reduce((a, b) => a + b, 0);
    expect(await count('demo_registry_companies')).toBe(total);
    const [muller] = await t.sql<{ search_text: string }>(
      `SELECT search_text FROM demo_registry_companies WHERE id = 'DEMO-DE-000002'`,
    );
    expect(muller?.search_text).toBe('muller metallbau gmbh / mueller metallbau gmbh');
    const again = await seedDemoRegistry(t.ctx.db);
    expect(again).toMatchObject({ status: 'unchanged', dataset: demoDatasetKey(asOfMonth()), companies: total });
    expect(await count('demo_registry_companies')).toBe(total);
  });

  it('another data set (a new month, a new generator version) replaces the old one in place', async () => {
    const total = await count('demo_registry_companies');
    const next = await seedDemoRegistry(t.ctx.db, { asOf: '2030-01' });
    expect(next).toMatchObject({ status: 'seeded', dataset: demoDatasetKey('2030-01'), companies: total });
    expect(await count('demo_registry_companies')).toBe(total);
    const [young] = await t.sql<{ d: string }>(
      `SELECT to_char(foundation_date, 'YYYY-MM-DD') AS d FROM demo_registry_companies WHERE name = 'Junge Gründer UG'`,
    );
    expect(young?.d).toBe('2029-07-01');
    expect((await seedDemoRegistry(t.ctx.db)).status).toBe('seeded');
    expect((await seedDemoRegistry(t.ctx.db)).status).toBe('unchanged');
  });

  it('search and details, like a real provider', async () => {
    const registry = new DemoCompanyRegistry(t.ctx.db);
    expect(registry.name).toBe('demo_registry');
    const hits = await registry.search('Musterbau Schmidt', 'DE', 5);
    expect(hits[0]).toEqual(data.find((c) => c.id === 'DEMO-DE-000001'));
    expect(await registry.details('DEMO-PL-000001')).toEqual(data.find((c) => c.id === 'DEMO-PL-000001'));
    expect(await registry.details('DEMO-XX-000001')).toBeNull();
    expect(await registry.search('gmbh', 'DE', 7)).toHaveLength(7);
    // Words in any order, each the start of a word.
    expect((await registry.search('metallbau müller', 'DE', 5))[0]?.id).toBe('DEMO-DE-000002');
    expect((await registry.search('handlowa łódz', 'PL', 5))[0]?.name).toBe('Łódzka Spółka Handlowa sp. z o.o.');
    expect(await registry.search('gmbh', 'DE', 0)).toEqual([]);
    expect(await registry.search('!!!!', 'DE', 5)).toEqual([]);
  });

  it('seeds fast enough for boot (and for every test database)', async () => {
    const result = await seedDemoRegistry(t.ctx.db, { asOf: '2031-02' });
    expect(result.status).toBe('seeded');
    // Measured about 0.6 s on PGlite; the budget is 3 s (a loose bound: shared CI machines are slow).
    expect(result.ms).toBeLessThan(10_000);
    await seedDemoRegistry(t.ctx.db);
  });
});

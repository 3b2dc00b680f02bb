import { describe, expect, it } from 'vitest';
import { DEBITOR_IMPORT_MAX_ROWS } from '@finportal/contracts/debitors';
import {
  addTypedDebitor,
  auditsOf,
  buildDebitorCsv,
  createFactoringApplication,
  digest,
  importCsv,
  importPath,
  INSURER,
  listDebitors,
} from '../../test/factoring.js';
import { errorsOf, useTestApp } from '../../test/harness.js';

/**
 * The debtor import (issue 12; ADR 018): POST .../factoring/debitors/import with CSV text. The
 * preview marks every row (ok, duplicate, error with codes) and stores nothing; confirm stores the
 * ok rows only, in one transaction, up to the maximum.
 */
const t = await useTestApp();
const { client: owner, user: ownerUser } = await t.signUp('demo', { ip: '10.43.0.1' });

const row = (
  company_name: string,
  register_id: string,
  annual_sales = '250.000,00',
  country = 'DE',
  currency = 'EUR',
) => ({
  company_name,
  country,
  register_id,
  annual_sales,
  currency,
});

describe('preview', () => {
  it('a debtor the application has is a duplicate, also without a register id; a country that is none (XX) is an error (issue 26)', async () => {
    const id = await createFactoringApplication(owner);
    const stored = await addTypedDebitor(owner, id, 'Längst Bekannt GmbH');
    const preview = await importCsv(
      owner,
      id,
      buildDebitorCsv([
        row('Längst Bekannt GmbH', ''),
        row('LÄNGST bekannt gmbh', 'HRB 99881'),
        row('Nirgendwo GmbH', 'HRB 5', '10', 'XX'),
      ]),
    );
    expect(preview.rows.map((r) => [r.status, r.duplicate_of?.debitor_id ?? null, r.errors])).toEqual([
      ['duplicate', stored.debitor_id, []],
      ['duplicate', stored.debitor_id, []],
      ['error', null, [{ field: 'country', code: 'err_invalid_value' }]],
    ]);
  });

  it('marks each row: ok (with the company it becomes), duplicate (in the file, of a stored debtor), error with codes; stores nothing', async () => {
    const id = await createFactoringApplication(owner);
    const stored = await addTypedDebitor(owner, id, 'Schon Da GmbH');
    await t.sql(`UPDATE companies SET register_number = 'HRB 4711' WHERE id = $1`, [stored.company.company_id]);
    const csv = buildDebitorCsv([
      row('Musterbau Schmidt GmbH', 'HRB 123456 B', '1.234.567,89'),
      row('Neukunde Handel GmbH', 'HRB 77777', '99.000'),
      row('Musterbau doppelt', 'hrb123456', '5,5'),
      row('Schon Da GmbH', 'HRB 4711'),
      row('', 'HRB 1', 'viel', 'Deutschland', 'EURO'),
      row('Ohne Nummer GmbH', '', '0'),
      row('Alpenblick Hotel AG', 'FN 214365k', '10', 'AT', 'chf'),
    ]);
    const before = await digest(t);
    const preview = await importCsv(owner, id, csv);
    expect(await digest(t)).toEqual(before);
    expect(preview).toMatchObject({
      separator: ';',
      stored: 0,
      max_debitors: 5,
      summary: { ok: 3, duplicate: 2, error: 2 },
    });
    const [musterbau, neukunde, doppelt, schonDa, broken, ohne, alpenblick] = preview.rows;
    expect(musterbau).toMatchObject({
      line: 2,
      status: 'ok',
      values: {
        register_id_type: 'hr_number',
        annual_sales_previous_year: 1_234_567.89,
        currency: 'EUR',
        country: 'DE',
      },
      company: { match: 'provider', company_id: null, company_name: 'Musterbau Schmidt GmbH' },
      errors: [],
      duplicate_of: null,
      debitor_id: null,
    });
    expect(neukunde).toMatchObject({
      status: 'ok',
      values: { annual_sales_previous_year: 99_000 },
      company: { match: 'new', company_name: 'Neukunde Handel GmbH' },
    });
    expect(doppelt).toMatchObject({ status: 'duplicate', duplicate_of: { line: 2, debitor_id: null } });
    expect(schonDa).toMatchObject({ status: 'duplicate', duplicate_of: { line: null, debitor_id: stored.debitor_id } });
    expect(broken!.status).toBe('error');
    expect(broken!.errors).toEqual([
      { field: 'company_name', code: 'err_required' },
      { field: 'country', code: 'err_invalid_value' },
      { field: 'annual_sales_previous_year', code: 'err_invalid_value' },
      { field: 'currency', code: 'err_invalid_value' },
    ]);
    expect(ohne!.errors).toEqual([
      { field: 'register_id', code: 'err_required' },
      { field: 'annual_sales_previous_year', code: 'err_too_small', values: { min: 0 } },
    ]);
    expect(alpenblick).toMatchObject({
      status: 'ok',
      values: { register_id_type: 'fn_number', currency: 'CHF', annual_sales_previous_year: 10 },
      company: { match: 'provider' },
    });
  });

  it('reads commas as separators with decimal points, finds our own company by its id, refuses the applicant’s own', async () => {
    const id = await createFactoringApplication(owner);
    const [applicant] = await t.sql<{ company_id: string }>('SELECT company_id FROM applications WHERE id = $1', [id]);
    await t.sql(`UPDATE companies SET tax_id_number = 'DE123456788' WHERE id = $1`, [applicant!.company_id]);
    const [own] = await t.sql<{ id: string }>(
      `INSERT INTO companies (partner_id, name, country, register_number, owner_user_id, created_by)
       VALUES ('demo', 'Eigene Kunde GmbH', 'DE', 'HRB 3030', $1, $1) RETURNING id`,
      [ownerUser.userId],
    );
    const csv = buildDebitorCsv(
      [row('Eigene Kunde', 'HRB 3030', '"1,234,567.5"'), row('Wir selbst', 'DE 123 456 788', '1000')],
      { separator: ',' },
    ).replace('""1,234,567.5""', '1,234,567.5');
    const preview = await importCsv(owner, id, csv);
    expect(preview.separator).toBe(',');
    expect(preview.rows[0]).toMatchObject({
      status: 'ok',
      values: { annual_sales_previous_year: 1_234_567.5 },
      company: { match: 'existing', company_id: own!.id, company_name: 'Eigene Kunde GmbH' },
    });
    expect(preview.rows[1]).toMatchObject({
      status: 'error',
      errors: [{ field: 'register_id', code: 'err_debitor_is_applicant' }],
    });
  });

  it('refuses a file it cannot read: broken quotes, missing columns, too many rows (400, nothing stored)', async () => {
    const id = await createFactoringApplication(owner);
    const before = await digest(t);
    const broken = await owner.post(importPath(id), {
      content: 'company_name;country;register_id;annual_sales;currency\n"Offen;DE;HRB 1;1;EUR\n',
    });
    expect(errorsOf(broken)).toEqual([
      { code: 'err_csv_invalid', field: 'content', values: { line: expect.any(Number) } },
    ]);
    const columns = await owner.post(importPath(id), { content: 'Firma;Land\nA GmbH;DE\n' });
    expect(errorsOf(columns)).toEqual([
      { code: 'err_csv_columns_missing', field: 'content', values: { columns: 'register_id, annual_sales, currency' } },
    ]);
    const many = buildDebitorCsv(
      Array.from({ length: DEBITOR_IMPORT_MAX_ROWS + 1 }, (_, i) => row(`Firma ${i} GmbH`, `HRB ${i + 1}`)),
    );
    const tooMany = await owner.post(importPath(id), { content: many });
    expect(errorsOf(tooMany)).toEqual([
      { code: 'err_csv_too_many_rows', field: 'content', values: { max: DEBITOR_IMPORT_MAX_ROWS } },
    ]);
    const empty = await owner.post(importPath(id), { content: '' });
    expect(empty.statusCode).toBe(400);
    const huge = await owner.post(importPath(id), { content: 'x'.repeat(100_001) });
    expect(errorsOf(huge)[0]).toMatchObject({ code: 'err_too_long', field: 'content' });
    expect(await digest(t)).toEqual(before);
  });

  it('takes German headers (Firma, Land, Registernummer, Umsatz, Währung) and a byte-order mark', async () => {
    const id = await createFactoringApplication(owner);
    const csv =
      '\uFEFF' +
      buildDebitorCsv([row('Kunde Eins GmbH', 'HRB 1234')], {
        header: ['Firma', 'Land', 'Registernummer', 'Jahresumsatz', 'Währung'],
      });
    const preview = await importCsv(owner, id, csv);
    expect(preview.rows[0]).toMatchObject({
      status: 'ok',
      values: { company_name: 'Kunde Eins GmbH', annual_sales_previous_year: 250_000 },
    });
  });
});

describe('confirm', () => {
  it('stores only the ok rows (companies as needed), up to the maximum; the rest are errors', async () => {
    const id = await createFactoringApplication(owner);
    await addTypedDebitor(owner, id, 'Vorher GmbH', { annual_sales_previous_year: 10_000 });
    const csv = buildDebitorCsv([
      row('Musterbau Schmidt GmbH', 'HRB 123456 B', '500.000'),
      row('Kaputt', '', '1'),
      row('Neu Eins GmbH', 'HRB 1001'),
      row('Neu Eins nochmal', 'HRB 1001'),
      row('Neu Zwei GmbH', 'DE 811 907 980'),
      row('Wisła Logistyka', '318204', '300.000', 'PL', 'PLN'),
      row('Neu Drei GmbH', 'HRB 1003'),
    ]);
    const result = await importCsv(owner, id, csv, true);
    expect(result.summary).toEqual({ ok: 4, duplicate: 1, error: 2 });
    expect(result.stored).toBe(4);
    expect(result.rows.map((r) => r.status)).toEqual(['ok', 'error', 'ok', 'duplicate', 'ok', 'ok', 'error']);
    expect(result.rows[6]!.errors).toEqual([{ field: 'row', code: 'err_factoring_debitors_max', values: { max: 5 } }]);
    expect(result.rows.filter((r) => r.status === 'ok').every((r) => r.debitor_id && r.company?.company_id)).toBe(true);

    const list = await listDebitors(owner, id);
    expect(list.result.map((d) => d.company.company_name)).toEqual([
      'Musterbau Schmidt GmbH',
      'Wisła Logistyka sp. z o.o.',
      'Neu Eins GmbH',
      'Neu Zwei GmbH',
      'Vorher GmbH',
    ]);
    const musterbau = list.result[0]!;
    expect(musterbau.external_provider_company).toEqual({
      external_provider_name: INSURER.name,
      external_provider_company_id: INSURER.musterbau,
    });
    expect(musterbau.can_request_cover).toBe(true);
    const [neuZwei] = await t.sql<{ tax_id_number: string; owner_user_id: string }>(
      `SELECT tax_id_number, owner_user_id FROM companies WHERE name = 'Neu Zwei GmbH'`,
    );
    expect(neuZwei).toEqual({ tax_id_number: 'DE 811 907 980', owner_user_id: ownerUser.userId });
    const added = (await auditsOf(t, 'debitor', id)).filter((a) => a.data.source === 'import');
    expect(added).toHaveLength(4);

    // The same file again: every row is now a duplicate of a stored debtor or an error; nothing more is stored.
    const again = await importCsv(owner, id, csv, true);
    expect(again.stored).toBe(0);
    expect(again.rows.map((r) => r.status)).toEqual([
      'duplicate',
      'error',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'error',
    ]);
    expect((await listDebitors(owner, id)).result).toHaveLength(5);
  });
});

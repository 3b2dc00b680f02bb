import { describe, expect, it } from 'vitest';
import {
  companyIdError,
  companyIdKey,
  companyIdTypesFor,
  detectCompanyIdType,
  normaliseCompanyId,
} from './company-ids.js';
import {
  COVER_STATUSES,
  coverRequestError,
  debitorConcentration,
  debitorIssues,
  debitorsMaxError,
} from './debitor-rules.js';
import { newCompanyIssues } from './new-company-rules.js';

/** The debtors' rules (spec 2 sections 3 to 5 and 9; ADR 018). */

describe('debitorIssues', () => {
  it('"company id required", annual sales greater than 0 up to 999999999, a known currency', () => {
    expect(debitorIssues({}, { creating: true })).toEqual([
      { field: 'company_id', code: 'err_company_id_required' },
      { field: 'annual_sales_previous_year', code: 'err_required' },
      { field: 'currency', code: 'err_required' },
    ]);
    const ok = {
      company_id: '3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f',
      annual_sales_previous_year: 250_000.5,
      currency: 'CHF',
    };
    expect(debitorIssues(ok, { creating: true })).toEqual([]);
    expect(debitorIssues({ ...ok, company_id: 'not-a-uuid' }, { creating: true })).toEqual([
      { field: 'company_id', code: 'err_invalid_value' },
    ]);
    expect(debitorIssues({ ...ok, company_id: undefined }, { creating: false })).toEqual([]);
    expect(debitorIssues({ ...ok, annual_sales_previous_year: 0 }, { creating: false })).toEqual([
      { field: 'annual_sales_previous_year', code: 'err_too_small', values: { min: 0 } },
    ]);
    expect(debitorIssues({ ...ok, annual_sales_previous_year: 999_999_999.01 }, { creating: false })[0]).toMatchObject({
      code: 'err_too_big',
    });
    expect(debitorIssues({ ...ok, currency: 'eur' }, { creating: false })).toEqual([
      { field: 'currency', code: 'err_invalid_value' },
    ]);
  });

  it('at most the maximum, counting what is added', () => {
    expect(debitorsMaxError(4, 5)).toBeNull();
    expect(debitorsMaxError(5, 5)).toEqual({ code: 'err_factoring_debitors_max', values: { max: 5 } });
    expect(debitorsMaxError(3, 5, 3)).toEqual({ code: 'err_factoring_debitors_max', values: { max: 5 } });
  });
});

describe('coverRequestError (spec 2 section 4)', () => {
  const insurer = 'demo_credit_insurer';
  const known = { external_provider_name: insurer, external_provider_company_id: 'DCI-DE-000001', cover_status: null };

  it('only for a debtor of the insurer with its id and no cover yet; a failed request may be made again', () => {
    expect(coverRequestError(known, insurer)).toBeNull();
    expect(coverRequestError({ ...known, external_provider_name: 'demo_registry' }, insurer)).toEqual({
      code: 'err_cover_provider_not_insurer',
    });
    expect(coverRequestError({ ...known, external_provider_name: null }, insurer)?.code).toBe(
      'err_cover_provider_not_insurer',
    );
    expect(coverRequestError({ ...known, external_provider_company_id: ' ' }, insurer)).toEqual({
      code: 'err_cover_provider_id_missing',
    });
    for (const status of COVER_STATUSES) {
      expect(coverRequestError({ ...known, cover_status: status }, insurer), status).toEqual(
        status === 'Error' ? null : { code: 'err_cover_exists' },
      );
    }
  });
});

describe('debitorConcentration', () => {
  it('the largest debtor’s share of the listed sales in one currency', () => {
    const concentration = debitorConcentration(
      [
        { debitor_id: 'a', annual_sales_previous_year: 100_000.1, currency: 'EUR' },
        { debitor_id: 'b', annual_sales_previous_year: 200_000.2, currency: 'EUR' },
        { debitor_id: 'c', annual_sales_previous_year: 900_000, currency: 'CHF' },
      ],
      'EUR',
    );
    expect(concentration).toEqual({
      currency: 'EUR',
      total_sales: 300_000.3,
      largest_sales: 200_000.2,
      largest_share: 0.6667,
      largest_debitor_id: 'b',
      debitor_count: 2,
      excluded_count: 1,
    });
    expect(
      debitorConcentration([{ debitor_id: 'a', annual_sales_previous_year: 5, currency: 'EUR' }], 'EUR')?.largest_share,
    ).toBe(1);
    expect(debitorConcentration([], 'EUR')).toBeNull();
    expect(
      debitorConcentration([{ debitor_id: 'c', annual_sales_previous_year: 5, currency: 'CHF' }], 'EUR'),
    ).toBeNull();
  });
});

describe('company ids by country', () => {
  it.each([
    ['hr_number', 'HRB 123456 B', 'HRB123456'],
    ['hr_number', 'hrb 731942', 'HRB731942'],
    ['hr_number', 'HRA 98765', 'HRA98765'],
    ['fn_number', 'FN 214365k', 'FN214365K'],
    ['fn_number', '214365k', 'FN214365K'],
    ['uid', 'CHE-680.040.707', 'CHE680040707'],
    ['uid', '680040707', 'CHE680040707'],
    ['krs', '318204', '0000318204'],
    ['krs', '0000318204', '0000318204'],
    ['nip', '221-997-55-03', '2219975503'],
    ['nip', 'PL2219975503', '2219975503'],
    ['vat_id', 'DE 308 664 738', 'DE308664738'],
    ['vat_id', 'ATU12345678', 'ATU12345678'],
  ] as const)('%s %s is %s', (type, value, key) => {
    expect(companyIdError(type, value)).toBeNull();
    expect(companyIdKey(type, value)).toBe(key);
  });

  it.each([
    ['hr_number', '123456', 'err_invalid_value'],
    ['fn_number', 'FN 214365', 'err_invalid_value'],
    ['krs', '12345678901', 'err_invalid_value'],
    ['nip', '12345', 'err_invalid_value'],
    ['vat_id', 'DEABC', 'err_invalid_value'],
    ['hr_number', '', 'err_required'],
    ['hr_number', 'HRB 1; DROP TABLE', 'err_invalid_characters'],
    ['vat_id', 'DE1234567890123456789012345678901', 'err_too_long'],
  ] as const)('%s %j is refused (%s)', (type, value, code) => {
    expect(companyIdError(type, value)?.code).toBe(code);
    expect(companyIdKey(type, value)).toBeNull();
  });

  it('the types of a country, and the type of an id typed without one', () => {
    expect(companyIdTypesFor('de')).toEqual(['hr_number', 'vat_id']);
    expect(companyIdTypesFor('FR')).toEqual(['vat_id']);
    expect(detectCompanyIdType('DE', 'HRB 123456 B')).toBe('hr_number');
    expect(detectCompanyIdType('DE', 'DE308664738')).toBe('vat_id');
    expect(detectCompanyIdType('AT', 'FN 214365k')).toBe('fn_number');
    expect(detectCompanyIdType('AT', 'ATU12345678')).toBe('vat_id');
    expect(detectCompanyIdType('CH', 'CHE-680.040.707')).toBe('uid');
    expect(detectCompanyIdType('PL', '0000318204')).toBe('krs');
    expect(detectCompanyIdType('PL', '2219975503')).toBe('nip');
    expect(detectCompanyIdType('FR', 'FR40303265045')).toBe('vat_id');
    expect(detectCompanyIdType('DE', 'irgendwas')).toBeNull();
    expect(normaliseCompanyId(' hrb-12/3 ')).toBe('HRB123');
  });
});

describe('newCompanyIssues', () => {
  const company = { companyName: 'Beispiel Handel GmbH', companyType: 'GMBH', address_country: 'DE' };

  it('name, type and country required; the rest checked when given', () => {
    expect(newCompanyIssues(company)).toEqual([]);
    expect(newCompanyIssues({}).map((i) => [i.field, i.code])).toEqual([
      ['address_country', 'err_required'],
      ['companyName', 'err_required'],
      ['companyType', 'err_required'],
    ]);
    expect(
      newCompanyIssues({ ...company, address_country: 'Deutschland', companyType: 'gmbh' }).map((i) => i.field),
    ).toEqual(['address_country', 'companyType']);
    expect(newCompanyIssues({ ...company, address_post_code: '1234' })).toEqual([
      { field: 'address_post_code', code: 'err_invalid_postcode' },
    ]);
    expect(
      newCompanyIssues({ ...company, address_country: 'FR', address_post_code: '75001', taxIdNumber: 'FR40303265045' }),
    ).toEqual([]);
    expect(newCompanyIssues({ ...company, companyName: 'Evil\u202Egmbh' })).toEqual([
      { field: 'companyName', code: 'err_invalid_characters' },
    ]);
    expect(newCompanyIssues({ ...company, searchType: 'hr_number', searchValue: 'HRB 1' })).toEqual([]);
    expect(newCompanyIssues({ ...company, searchType: 'phone' })).toEqual([
      { field: 'searchType', code: 'err_invalid_value' },
    ]);
  });

  it('a provider name and id only together', () => {
    expect(newCompanyIssues({ ...company, external_provider_name: 'demo_credit_insurer' })).toEqual([
      { field: 'external_provider_company_id', code: 'err_required' },
    ]);
    expect(
      newCompanyIssues({
        ...company,
        external_provider_name: 'demo_credit_insurer',
        external_provider_company_id: 'DCI-DE-000001',
      }),
    ).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  canEditFinanceObjects,
  FINANCE_OBJECT_FIELDS,
  FINANCE_OBJECT_REQUIRED_FIELDS,
  financeObjectIssues,
  financeObjectsMaxError,
  MAX_FINANCE_OBJECTS_DEFAULT,
  type FinanceObjectContext,
  type FinanceObjectValues,
} from './finance-object-rules.js';
import { financeObjectFormSchema } from './finance-objects.js';
import { partnerFileSchema } from './partner.js';

const CONTEXT: FinanceObjectContext = { countries: ['DE', 'AT', 'CH', 'PL'] };

/** An object that passes every rule (the API tests use @finportal/testing's buildFinanceObject). */
const VALID: FinanceObjectValues = {
  manufacturer: 'Trumpf',
  type: 'TruLaser 3030',
  built_at: 2024,
  detail_desc: 'Laser cutting machine\nwith loading unit',
  net_purchase_price: 250_000.5,
  down_payment: 25_000,
  remaining_value: 50_000,
  object_count: 1,
  financing_type: 'leasing',
  rental_state: 'no',
  is_fixed_interest: false,
  expected_delivery_date: '2026-09-30',
  merchant_name: 'Maschinenhandel Süd GmbH',
  merchant_street: 'Industriestraße',
  merchant_house_num: '7a',
  merchant_city: 'Stuttgart',
  merchant_postcode: '70565',
  merchant_country: 'DE',
  merchant_company_id: null,
};

const issuesOf = (overrides: FinanceObjectValues) =>
  financeObjectIssues({ ...VALID, ...overrides }, CONTEXT).map(({ field, code, values }) => ({
    field,
    code,
    ...(values ? { values } : {}),
  }));

describe('financeObjectIssues', () => {
  it('passes a complete object, and one with only the required fields', () => {
    expect(issuesOf({})).toEqual([]);
    const required = Object.fromEntries(FINANCE_OBJECT_REQUIRED_FIELDS.map((f) => [f, VALID[f]]));
    expect(financeObjectIssues(required, CONTEXT)).toEqual([]);
  });

  it('requires every field of spec 2 section 5, and not the year, description, date and company link', () => {
    expect(financeObjectIssues({}, CONTEXT)).toEqual(
      FINANCE_OBJECT_REQUIRED_FIELDS.map((field) => ({ field, code: 'err_required' })),
    );
    expect(FINANCE_OBJECT_FIELDS.filter((f) => !FINANCE_OBJECT_REQUIRED_FIELDS.includes(f))).toEqual([
      'built_at',
      'detail_desc',
      'expected_delivery_date',
      'merchant_company_id',
    ]);
    // Spaces only, or false for a yes/no question that is answered.
    expect(issuesOf({ manufacturer: '   ', merchant_city: '' })).toEqual([
      { field: 'manufacturer', code: 'err_required' },
      { field: 'merchant_city', code: 'err_required' },
    ]);
    expect(issuesOf({ is_fixed_interest: false })).toEqual([]);
  });

  it.each([
    [1850, 'err_object_year_range'],
    [1899, 'err_object_year_range'],
    [2051, 'err_object_year_range'],
    [1990.5, 'err_invalid_value'],
    ['1990', 'err_invalid_value'],
  ])('year built %s: %s', (built_at, code) => {
    const values = code === 'err_object_year_range' ? { values: { min: 1900, max: 2050 } } : {};
    expect(issuesOf({ built_at })).toEqual([{ field: 'built_at', code, ...values }]);
  });

  it('accepts the years 1900 and 2050 and counts 1 and 20', () => {
    expect(issuesOf({ built_at: 1900, object_count: 20 })).toEqual([]);
    expect(issuesOf({ built_at: 2050, object_count: 1 })).toEqual([]);
  });

  it.each([0, 21, -1])('count %s is refused with its range', (object_count) => {
    expect(issuesOf({ object_count })).toEqual([
      { field: 'object_count', code: 'err_object_count_range', values: { min: 1, max: 20 } },
    ]);
  });

  it('judges the amounts: 0 to 999999999, two decimals at most', () => {
    expect(issuesOf({ down_payment: 0, remaining_value: 0 })).toEqual([]);
    expect(issuesOf({ net_purchase_price: 999_999_999, down_payment: 999_999_999 })).toEqual([]);
    expect(issuesOf({ net_purchase_price: 1_000_000_000 })).toEqual([
      { field: 'net_purchase_price', code: 'err_too_big', values: { max: 999_999_999 } },
    ]);
    expect(issuesOf({ down_payment: -1 })).toEqual([
      { field: 'down_payment', code: 'err_too_small', values: { min: 0 } },
    ]);
    expect(issuesOf({ remaining_value: 1.005 })).toEqual([
      { field: 'remaining_value', code: 'err_too_many_decimals', values: { max: 2 } },
    ]);
    expect(issuesOf({ net_purchase_price: '250000' })).toEqual([
      { field: 'net_purchase_price', code: 'err_invalid_value' },
    ]);
  });

  it('refuses a down payment or a remaining value above the price, each on its field', () => {
    expect(issuesOf({ net_purchase_price: 1000, down_payment: 1000, remaining_value: 1000 })).toEqual([]);
    expect(issuesOf({ net_purchase_price: 1000, down_payment: 1000.01, remaining_value: 2000 })).toEqual([
      { field: 'down_payment', code: 'err_amount_above_price' },
      { field: 'remaining_value', code: 'err_amount_above_price' },
    ]);
    // No comparison with a price that is itself wrong.
    expect(issuesOf({ net_purchase_price: -5 }).map((i) => i.field)).toEqual(['net_purchase_price']);
  });

  it('judges the enumerations and the yes/no question', () => {
    expect(issuesOf({ financing_type: 'rent', rental_state: 'yes', is_fixed_interest: 'true' })).toEqual([
      { field: 'financing_type', code: 'err_invalid_value' },
      { field: 'rental_state', code: 'err_invalid_value' },
      { field: 'is_fixed_interest', code: 'err_invalid_value' },
    ]);
    for (const financing_type of ['leasing', 'hire_purchase', 'financing', 'sale_leaseback', 'credit_line', 'other']) {
      expect(issuesOf({ financing_type })).toEqual([]);
    }
    for (const rental_state of ['no', 'internal', 'b2c']) expect(issuesOf({ rental_state })).toEqual([]);
  });

  it('takes the delivery date as a real YYYY-MM-DD date', () => {
    expect(issuesOf({ expected_delivery_date: '2028-02-29' })).toEqual([]);
    for (const expected_delivery_date of ['30.09.2026', '2026-02-30', '0202-01-01', '2026-9-30']) {
      expect(issuesOf({ expected_delivery_date })).toEqual([
        { field: 'expected_delivery_date', code: 'err_date_invalid' },
      ]);
    }
  });

  it('limits the texts', () => {
    expect(
      issuesOf({
        manufacturer: 'M'.repeat(101),
        type: 'T'.repeat(101),
        detail_desc: 'D'.repeat(2001),
        merchant_name: 'N'.repeat(256),
        merchant_street: 'S'.repeat(31),
        merchant_house_num: '1'.repeat(11),
        merchant_city: 'C'.repeat(31),
      }),
    ).toEqual([
      { field: 'manufacturer', code: 'err_too_long', values: { max: 100 } },
      { field: 'type', code: 'err_too_long', values: { max: 100 } },
      { field: 'detail_desc', code: 'err_too_long', values: { max: 2000 } },
      { field: 'merchant_name', code: 'err_too_long', values: { max: 255 } },
      { field: 'merchant_street', code: 'err_too_long', values: { max: 30 } },
      { field: 'merchant_house_num', code: 'err_too_long', values: { max: 10 } },
      { field: 'merchant_city', code: 'err_too_long', values: { max: 30 } },
    ]);
    expect(issuesOf({ manufacturer: 'M'.repeat(100), detail_desc: 'D'.repeat(2000) })).toEqual([]);
  });

  it('refuses control characters in every text field; the description may hold line breaks', () => {
    const texts = FINANCE_OBJECT_FIELDS.filter(
      (f) => typeof VALID[f] === 'string' && !['financing_type', 'rental_state'].includes(f),
    );
    expect(texts).toHaveLength(11 - 1); // every text field but merchant_company_id (null here; below)
    for (const field of texts) {
      for (const bad of ['\u0007', '\u202E', '\u0085', '\t']) {
        if (field === 'detail_desc' && bad === '\t') continue;
        expect(
          issuesOf({ [field]: `${String(VALID[field]).slice(0, 3)}${bad}x` }),
          `${field} ${JSON.stringify(bad)}`,
        ).toEqual([{ field, code: 'err_invalid_characters' }]);
      }
    }
    expect(issuesOf({ merchant_company_id: '0b6a7c1e-9d7f-4b1a-8e55-3f1b2c3d4e5f\u202E' })).toEqual([
      { field: 'merchant_company_id', code: 'err_invalid_characters' },
    ]);
    expect(issuesOf({ detail_desc: 'line one\r\nline two\tend' })).toEqual([]);
  });

  it("checks the merchant's address the way company addresses are checked", () => {
    expect(issuesOf({ merchant_postcode: '1234' })).toEqual([
      { field: 'merchant_postcode', code: 'err_invalid_postcode' },
    ]);
    expect(issuesOf({ merchant_country: 'AT', merchant_postcode: '1010', merchant_city: 'Wien' })).toEqual([]);
    expect(issuesOf({ merchant_country: 'PL', merchant_postcode: '00-950', merchant_city: 'Warszawa' })).toEqual([]);
    expect(issuesOf({ merchant_country: 'PL', merchant_postcode: '00950' })).toEqual([
      { field: 'merchant_postcode', code: 'err_invalid_postcode' },
    ]);
    expect(issuesOf({ merchant_house_num: '7#', merchant_city: 'Stuttgart 1' })).toEqual([
      { field: 'merchant_house_num', code: 'err_invalid_characters' },
      { field: 'merchant_city', code: 'err_invalid_characters' },
    ]);
    // An ISO 3166 code in capitals, of any country (issue 26): FR is fine, XX names no country.
    expect(issuesOf({ merchant_country: 'FR', merchant_postcode: '75001', merchant_city: 'Paris' })).toEqual([]);
    for (const merchant_country of ['de', 'DEU', 'XX']) {
      expect(issuesOf({ merchant_country }), merchant_country).toContainEqual({
        field: 'merchant_country',
        code: 'err_invalid_value',
      });
    }
    expect(issuesOf({ merchant_company_id: 'not-a-uuid' })).toEqual([
      { field: 'merchant_company_id', code: 'err_invalid_value' },
    ]);
    expect(issuesOf({ merchant_company_id: '0b6a7c1e-9d7f-4b1a-8e55-3f1b2c3d4e5f' })).toEqual([]);
  });
});

describe('financeObjectsMaxError and canEditFinanceObjects', () => {
  it('refuses the object after the maximum, naming it (default 6)', () => {
    expect(MAX_FINANCE_OBJECTS_DEFAULT).toBe(6);
    expect(financeObjectsMaxError(5)).toBeNull();
    expect(financeObjectsMaxError(6)).toEqual({ code: 'err_finance_objects_max', values: { max: 6 } });
    expect(financeObjectsMaxError(2, 3)).toBeNull();
    expect(financeObjectsMaxError(3, 3)).toEqual({ code: 'err_finance_objects_max', values: { max: 3 } });
  });

  it('lets the applicant edit while Open or PreCheck only', () => {
    expect(canEditFinanceObjects(true, 'Open')).toBe(true);
    expect(canEditFinanceObjects(true, 'PreCheck')).toBe(true);
    for (const status of ['Submitted', 'Screening', 'Signature', 'Rejected', 'Paid_Out']) {
      expect(canEditFinanceObjects(true, status), status).toBe(false);
    }
    expect(canEditFinanceObjects(false, 'Open')).toBe(false);
  });

  it('is a partner setting with the default of ARCHITECTURE.md', () => {
    const field = partnerFileSchema.shape.max_finance_objects;
    expect(field.parse(undefined)).toBe(6);
    expect(field.parse(10)).toBe(10);
    expect(() => field.parse(0)).toThrow();
  });
});

describe('financeObjectFormSchema', () => {
  it('carries each rule as a zod issue on its field, the code as message', () => {
    const result = financeObjectFormSchema(CONTEXT).safeParse({ ...VALID, built_at: 1850, object_count: 25 });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['built_at', 'err_object_year_range'],
      ['object_count', 'err_object_count_range'],
    ]);
    expect(financeObjectFormSchema(CONTEXT).safeParse(VALID).success).toBe(true);
  });
});

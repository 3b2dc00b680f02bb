import { describe, expect, it } from 'vitest';
import { type RepresentativeValues } from './representative-schemas.js';
import { birthdateError } from './representatives.js';
import {
  austrian,
  buildRepresentative,
  CONTEXT,
  issueOn,
  issuesOf,
  LONG,
  NOW,
} from './test-support/representatives.js';
describe('date of birth: a real date, in the past, of age (18), not more than 120 years ago', () => {
  it.each([
    ['1980-04-12'],
    ['2007-06-15'], // the 18th birthday is today
    ['2007-06-14'],
    ['1905-06-15'], // exactly 120 years
    ['2000-02-29'],
  ])('accepts %s', (value) => {
    expect(birthdateError(value, NOW)).toBeNull();
    expect(issueOn('birthdate', buildRepresentative({ birthdate: value }))).toBeUndefined();
  });

  it.each<[string, string, Record<string, number>?]>([
    ['1980-02-30', 'err_date_invalid'],
    ['1981-02-29', 'err_date_invalid'],
    ['1980-13-01', 'err_date_invalid'],
    ['1980-4-12', 'err_date_invalid'],
    ['12.04.1980', 'err_date_invalid'],
    ['1980-04-12T00:00:00Z', 'err_date_invalid'],
    ['yesterday', 'err_date_invalid'],
    ['1905-06-14', 'err_date_invalid'], // older than 120 years
    ['0000-01-01', 'err_date_invalid'],
    ['2025-06-15', 'err_birthdate_in_future'], // today
    ['2030-01-01', 'err_birthdate_in_future'],
    ['2007-06-16', 'err_person_not_adult', { min: 18 }], // 18 tomorrow
    ['2015-01-01', 'err_person_not_adult', { min: 18 }],
  ])('refuses %s with %s', (value, code, values) => {
    expect(birthdateError(value, NOW)).toEqual({ code, ...(values ? { values } : {}) });
    expect(issueOn('birthdate', buildRepresentative({ birthdate: value }))?.code).toBe(code);
  });

  it('born on 29 February: of age on 1 March of a common year, on 29 February of a leap year', () => {
    expect(birthdateError('2008-02-29', new Date('2026-02-28T12:00:00Z'))?.code).toBe('err_person_not_adult');
    expect(birthdateError('2008-02-29', new Date('2026-03-01T00:00:00Z'))).toBeNull();
    expect(birthdateError('2010-02-28', new Date('2028-02-29T00:00:00Z'))).toBeNull();
    expect(birthdateError('2010-03-01', new Date('2028-02-29T00:00:00Z'))?.code).toBe('err_person_not_adult');
  });
});

describe('personal tax id: the German TIN for Germans and residents of Germany, else the general rule', () => {
  // Published valid examples (the validators tests: BZSt examples and computed check digits).
  it.each([
    '86095742719',
    '47036892816',
    '65929970489',
    '57549285017',
    '25768131411',
    '12113456784',
    '11234567890',
    '86 095 742 719',
    '860 957 427 19',
  ])('accepts the German TIN %j', (taxid) => {
    expect(issuesOf(buildRepresentative({ taxid }))).toEqual([]);
  });

  it.each([
    ['8609574271', 'err_tin_length'],
    ['860957427190', 'err_tin_length'],
    ['8609574271X', 'err_tin_not_numeric'],
    ['86-095742719', 'err_tin_not_numeric'],
    ['02476291358', 'err_tin_starts_with_0'],
    ['12345678903', 'err_tin_digit_repetition'],
    ['11123456786', 'err_tin_digit_repetition'],
    ['86095742718', 'err_tin_check_digit'],
    ['36574261890', 'err_tin_check_digit'],
    ['86095742719\u0000', 'err_invalid_characters'],
    [LONG, 'err_tin_not_numeric'],
  ])('refuses the German TIN %j with %s', (taxid, code) => {
    expect(issueOn('taxid', buildRepresentative({ taxid }))).toEqual({ field: 'taxid', code });
  });

  it.each<[string, RepresentativeValues, string, string | undefined]>([
    ['German national living in Germany', {}, '86095742718', 'err_tin_check_digit'],
    ['Austrian living in Germany', { nationality: 'AT' }, '86095742718', 'err_tin_check_digit'],
    ['German living in Austria', { country: 'AT', postcode: '1010' }, '86095742718', 'err_tin_check_digit'],
    [
      'Austrian living in Austria (general rule)',
      { nationality: 'AT', country: 'AT', postcode: '1010' },
      '86095742718',
      undefined,
    ],
    [
      'Austrian living in Austria, letters',
      { nationality: 'AT', country: 'AT', postcode: '1010' },
      'AB-123/45',
      undefined,
    ],
    ['Austrian, too short', { nationality: 'AT', country: 'AT', postcode: '1010' }, '1234', 'err_invalid_tax_number'],
    ['Austrian, a #', { nationality: 'AT', country: 'AT', postcode: '1010' }, '123#45', 'err_invalid_tax_number'],
    [
      'Pole, too long',
      { nationality: 'PL', country: 'PL', postcode: '00-950' },
      '1234567890ABCDEF',
      'err_invalid_tax_number',
    ],
  ])('%s: %j', (_, overrides, taxid, code) => {
    expect(issueOn('taxid', buildRepresentative({ ...overrides, taxid }))?.code).toBe(code);
  });

  it.each([
    ['the same digits', '1234567890', '12/345/67890'],
    ['other separators', '12-345-67890', '12/345/67890'],
    ['a German TIN written with spaces', '860 957 427 19', '86095742719'],
  ])('must differ from the company tax number: %s', (_, taxid, companyTaxId) => {
    const german = taxid.startsWith('86');
    const person = german ? buildRepresentative({ taxid }) : austrian({ taxid });
    expect(issueOn('taxid', person, { ...CONTEXT, companyTaxId })).toEqual({
      field: 'taxid',
      code: 'err_tax_ids_must_differ',
    });
  });

  it('no company tax number: nothing to compare', () => {
    expect(issuesOf(austrian({ taxid: '1234567890' }), { ...CONTEXT, companyTaxId: null })).toEqual([]);
  });
});

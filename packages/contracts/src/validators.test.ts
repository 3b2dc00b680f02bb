import { describe, expect, it } from 'vitest';
import {
  anyPasswordSchema,
  citySchema,
  cleanPastedPhone,
  companyTaxNumberError,
  companyTaxNumberSchema,
  emailSchema,
  formatIban,
  germanTinCheckDigit,
  germanTinError,
  germanTinSchema,
  houseNumberSchema,
  hrNumberError,
  hrNumberSchema,
  ibanError,
  ibanSchema,
  isCity,
  isCompanyTaxNumber,
  isGermanTin,
  isHouseNumber,
  isHrNumber,
  isIban,
  isPersonalTaxNumber,
  isPhone,
  isPostcode,
  newPasswordSchema,
  normaliseIban,
  normalisePhone,
  phoneError,
  phoneSchema,
  postcodeError,
  postcodeSchema,
  postcodeSchemaFor,
  sameTaxId,
  streetSchema,
} from './validators.js';
import { registerRequest, changePasswordRequest } from './auth.js';
import { displayGroup, GROUP_COLOURS } from './statuses.js';

const codes = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('email', () => {
  it('lowercases and trims', () => {
    expect(emailSchema.parse('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });
  it.each([
    ['', 'err_required'],
    ['jane', 'err_invalid_email'],
    ['jane@example', 'err_invalid_email'],
    [`${'a'.repeat(245)}@ex.com`, 'err_too_long'],
  ])('rejects %j with %s', (value, code) => {
    expect(codes(emailSchema.safeParse(value))).toContain(code);
  });
});

describe('new password', () => {
  it('accepts a complex password', () => {
    expect(newPasswordSchema.safeParse('Secret#123').success).toBe(true);
  });
  it.each([
    ['', 'err_required'],
    ['Ab1#', 'err_password_too_short'],
    ['alllowercase1#', 'err_password_too_simple'],
    ['ALLUPPER1#', 'err_password_too_simple'],
    ['NoDigits#here', 'err_password_too_simple'],
    ['NoSpecial123', 'err_password_too_simple'],
    [`Aa1#${'x'.repeat(251)}`, 'err_password_too_long'],
  ])('rejects %j with %s', (value, code) => {
    expect(codes(newPasswordSchema.safeParse(value))).toContain(code);
  });
  it('login password skips complexity', () => {
    expect(anyPasswordSchema.safeParse('simple').success).toBe(true);
  });
});

describe('register', () => {
  const good = {
    email: 'a@b.de',
    password: 'Secret#123',
    accepted_terms: true,
    interface_language: 'de',
    communication_language: 'de',
  };
  it('needs the terms', () => {
    expect(codes(registerRequest.safeParse({ ...good, accepted_terms: false }))).toEqual(['err_terms_not_accepted']);
  });
  it('rejects an unknown language', () => {
    expect(codes(registerRequest.safeParse({ ...good, interface_language: 'xx' }))).toEqual([
      'err_language_not_supported',
    ]);
  });
  it('new password must differ from the old', () => {
    expect(codes(changePasswordRequest.safeParse({ old_password: 'Secret#123', new_password: 'Secret#123' }))).toEqual([
      'err_password_same_as_old',
    ]);
  });
});

describe('statuses', () => {
  it('maps raw statuses to groups and colours', () => {
    expect(displayGroup('Open')).toBe('not_completed');
    expect(displayGroup('Screening')).toBe('in_review');
    expect(displayGroup('Awaiting_Payout')).toBe('in_review_after_signature');
    expect(displayGroup('Limit_Active')).toBe('signed');
    expect(displayGroup('Whatever')).toBe('unknown');
    expect(GROUP_COLOURS[displayGroup('Signature')]).toBe('error');
  });
});

// ---------------------------------------------------------------------------------------
// Field rules of spec 1 section 5 and spec 2 section 5: one table of good and bad values each
// ---------------------------------------------------------------------------------------

describe('IBAN (ibantools)', () => {
  it.each([
    ['DE89370400440532013000', 'DE89370400440532013000'],
    ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
    ['de89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
    // pasted from a web page or PDF: no-break and narrow no-break spaces, hyphens, dots
    ['DE89\u00A03704\u00A00044\u00A00532\u00A00130\u00A000', 'DE89370400440532013000'],
    ['DE89\u202F3704\u202F0044\u202F0532\u202F0130\u202F00', 'DE89370400440532013000'],
    ['DE89-3704-0044-0532-0130-00', 'DE89370400440532013000'],
    ['AT61 1904 3002 3457 3201', 'AT611904300234573201'],
    ['CH93 0076 2011 6238 5295 7', 'CH9300762011623852957'],
    ['PL61 1090 1014 0000 0712 1981 2874', 'PL61109010140000071219812874'],
    ['FR14 2004 1010 0505 0001 3M02 606', 'FR1420041010050500013M02606'],
  ])('accepts %j as %s', (value, stored) => {
    expect(ibanError(value)).toBeNull();
    expect(isIban(value)).toBe(true);
    expect(ibanSchema.parse(value)).toBe(stored);
  });
  it.each([
    ['', 'err_required'],
    ['   ', 'err_required'],
    ['DE89 3704 0044 0532 0130 01', 'err_invalid_iban'],
    ['DE89 3704 0044 0532 0130', 'err_invalid_iban'],
    ['DE89 3704 0044 0532 0130 ____', 'err_invalid_iban'],
    ['XX89370400440532013000', 'err_invalid_iban'],
    ['DE89'.padEnd(60, '1'), 'err_too_long'],
    ['not an iban', 'err_invalid_iban'],
  ])('refuses %j with %s', (value, code) => {
    expect(ibanError(value)?.code).toBe(code);
    expect(codes(ibanSchema.safeParse(value))).toEqual([code]);
  });
  it('too long and invalid: both are reported', () => {
    expect(codes(ibanSchema.safeParse('DE89370400440532013000DE89370400440'))).toEqual([
      'err_too_long',
      'err_invalid_iban',
    ]);
  });
  it('formats in groups of four', () => {
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(normaliseIban(' de89 3704\u00A00044 0532 0130 00 ')).toBe('DE89370400440532013000');
  });
});

describe('company tax number (digits, or two capitals and digits; 10 to 12 after stripping . , : / - \\)', () => {
  it.each([
    '1234567890',
    '123456789012',
    '12/345/67890',
    '21.815.123.456',
    'DE123456789',
    'DE 123 456 789',
    '123-456-7890',
  ])('accepts %j', (value) => {
    expect(isCompanyTaxNumber(value)).toBe(true);
    expect(companyTaxNumberSchema.safeParse(value).success).toBe(true);
  });
  it.each(['123456789', '1234567890123', 'de123456789', 'D1234567890', 'DE1234567', 'ABC1234567890', '12345#67890'])(
    'refuses %j',
    (value) => {
      expect(isCompanyTaxNumber(value)).toBe(false);
      expect(codes(companyTaxNumberSchema.safeParse(value))).toEqual(['err_invalid_tax_number']);
    },
  );
  it('is optional', () => {
    expect(companyTaxNumberSchema.safeParse('').success).toBe(true);
  });
  it('personal and company tax id compared without separators', () => {
    expect(sameTaxId('12/345/67890', '1234567890')).toBe(true);
    expect(sameTaxId('de123456789', 'DE 123 456 789')).toBe(true);
    expect(sameTaxId('', '')).toBe(false);
    expect(sameTaxId('1234567890', '1234567891')).toBe(false);
  });
});

describe('personal tax number (letters, digits, / \\ . , - : ; 5 to 15)', () => {
  it.each(['12345', 'AB-123/45', '1234567890ABCDE', '12.34,56:78\\9'])('accepts %j', (value) => {
    expect(isPersonalTaxNumber(value)).toBe(true);
  });
  it.each(['1234', '1234567890ABCDEF', '12 345', '123#45', 'ÄÖÜ12'])('refuses %j', (value) => {
    expect(isPersonalTaxNumber(value)).toBe(false);
  });
});

describe('German personal TIN (11 digits, no leading zero, digit repetition, ISO 7064 MOD 11,10)', () => {
  it.each([
    '86095742719',
    '47036892816',
    '65929970489', // one digit three times, not in a row
    '57549285017',
    '25768131411',
    '12113456784', // a threefold digit twice in a row is fine
    '11234567890', // check digit 0
    '86 095 742 719',
    '860 957 427 19',
  ])('accepts %j', (value) => {
    expect(germanTinError(value)).toBeNull();
    expect(isGermanTin(value)).toBe(true);
    expect(germanTinSchema.parse(value)).toBe(value.replace(/\s/g, ''));
  });
  it.each([
    ['8609574271', 'err_tin_length'],
    ['860957427190', 'err_tin_length'],
    ['8609574271X', 'err_tin_not_numeric'],
    ['86-095742719', 'err_tin_not_numeric'],
    ['02476291358', 'err_tin_starts_with_0'],
    ['12345678903', 'err_tin_digit_repetition'], // no digit repeated
    ['11223456785', 'err_tin_digit_repetition'], // two digits repeated
    ['11123456786', 'err_tin_digit_repetition'], // three times in a row
    ['55555123450', 'err_tin_digit_repetition'], // five times
    ['86095742718', 'err_tin_check_digit'],
    ['36574261890', 'err_tin_check_digit'],
  ])('refuses %j with %s', (value, code) => {
    expect(germanTinError(value)?.code).toBe(code);
    expect(codes(germanTinSchema.safeParse(value))).toEqual([code]);
  });
  it('computes the check digit', () => {
    expect(germanTinCheckDigit('8609574271')).toBe(9);
    expect(germanTinCheckDigit('1123456789')).toBe(0);
  });
  it('is required', () => {
    expect(codes(germanTinSchema.safeParse(''))).toEqual(['err_required']);
  });
});

describe('phone (+ and the country code, 8 to 15 digits; paste clean-up)', () => {
  it.each([
    ['+49 30 1234567', '+49301234567'],
    ['+49 (0)30 1234-5678', '+493012345678'],
    ['+49 (30) 1234 5678', '+493012345678'],
    ['+4930/1234567', '+49301234567'],
    ['0049 30 1234567', '+49301234567'],
    ['+48 22 123 45 67', '+48221234567'],
    ['+12345678', '+12345678'],
    ['+123456789012345', '+123456789012345'],
  ])('accepts %j as %s', (value, stored) => {
    expect(phoneError(value)).toBeNull();
    expect(isPhone(value)).toBe(true);
    expect(phoneSchema.parse(value)).toBe(stored);
    expect(normalisePhone(value)).toBe(stored);
  });
  it.each([
    ['', 'err_required'],
    ['030 1234567', 'err_invalid_phone'],
    ['49 30 1234567', 'err_invalid_phone'],
    ['+49 30 1234567 ext. 2', 'err_invalid_characters'],
    ['+49 30 12a4567', 'err_invalid_characters'],
    ['+1234567', 'err_too_short'],
    ['+1234567890123456', 'err_too_long'],
  ])('refuses %j with %s', (value, code) => {
    expect(phoneError(value)?.code).toBe(code);
    expect(codes(phoneSchema.safeParse(value))).toEqual([code]);
  });
  it('gives the limits as message values', () => {
    expect(phoneError('+1234567')).toEqual({ code: 'err_too_short', values: { min: 8 } });
    expect(phoneError('+1234567890123456')).toEqual({ code: 'err_too_long', values: { max: 15 } });
    const issue = phoneSchema.safeParse('+1234567').error!.issues[0]!;
    expect(issue).toMatchObject({ code: 'too_small', minimum: 8 });
  });
  it.each([
    ['Tel.: +49 30 / 123 45-67', '+493012345-67'],
    ['0049 (0)30 1234567', '+49(0)301234567'],
    ['+49\u00A030\u00A01234567', '+49301234567'],
    ['phone: 030 123', '030123'],
  ])('cleans the pasted %j to %j', (pasted, cleaned) => {
    expect(cleanPastedPhone(pasted)).toBe(cleaned);
  });
});

describe('postcode (max 8: letters, digits, spaces, hyphen; per country)', () => {
  it.each([
    ['10115', undefined],
    ['10115', 'DE'],
    ['1010', 'AT'],
    ['8001', 'CH'],
    ['00-950', 'PL'],
    ['75001', 'FR'],
    ['SW1A 1AA', 'GB'],
    ['SW1A 1AA', undefined],
    ['1234', undefined],
  ])('accepts %j in %s', (value, country) => {
    expect(postcodeError(value, country)).toBeNull();
    expect(isPostcode(value, country)).toBe(true);
  });
  it.each([
    ['', undefined, 'err_required'],
    ['123456789', undefined, 'err_too_long'],
    ['10115!', undefined, 'err_invalid_postcode'],
    ['1011', 'DE', 'err_invalid_postcode'],
    ['101150', 'DE', 'err_invalid_postcode'],
    ['10115', 'AT', 'err_invalid_postcode'],
    ['00950', 'PL', 'err_invalid_postcode'],
    ['D-10115', 'DE', 'err_invalid_postcode'],
  ])('refuses %j in %s with %s', (value, country, code) => {
    expect(postcodeError(value, country)?.code).toBe(code);
  });
  it('schemas: the general rule, and a country', () => {
    expect(codes(postcodeSchema.safeParse('123456789'))).toEqual(['err_too_long']);
    expect(postcodeSchema.safeParse('1011').success).toBe(true);
    expect(codes(postcodeSchemaFor('DE').safeParse('1011'))).toEqual(['err_invalid_postcode']);
  });
});

describe('HR number (letters, digits, spaces and / \\ . , - : ; at most 15)', () => {
  it.each(['HRB 12345', 'HRA1234', 'HRB 1234/B', 'GnR 12', 'PR 1.234', 'VR-2020:7', 'HRB 123456 B'])(
    'accepts %j',
    (value) => {
      expect(hrNumberError(value)).toBeNull();
      expect(isHrNumber(value)).toBe(true);
    },
  );
  it.each([
    ['', 'err_required'],
    ['HRB 1234567890123', 'err_too_long'],
    ['HRB #12345', 'err_invalid_characters'],
    ['HRB_12345', 'err_invalid_characters'],
  ])('refuses %j with %s', (value, code) => {
    expect(hrNumberError(value)?.code).toBe(code);
    expect(codes(hrNumberSchema.safeParse(value))).toEqual([code]);
  });
});

describe('street, house number and city', () => {
  it.each(['Hauptstraße', 'Rue de l’Église', 'ul. Marszałkowska'])('street accepts %j', (value) => {
    expect(streetSchema.safeParse(value).success).toBe(true);
  });
  it.each([
    ['', 'err_required'],
    ['x'.repeat(31), 'err_too_long'],
  ])('street refuses %j with %s', (value, code) => {
    expect(codes(streetSchema.safeParse(value))).toEqual([code]);
  });
  it.each(['12', '12a', '12-14', '3/1', '7 B', '12.1'])('house number accepts %j', (value) => {
    expect(isHouseNumber(value)).toBe(true);
    expect(houseNumberSchema.safeParse(value).success).toBe(true);
  });
  it.each([
    ['', 'err_required'],
    ['12345678901', 'err_too_long'],
    ['12#', 'err_invalid_characters'],
    ['12,5', 'err_invalid_characters'],
  ])('house number refuses %j with %s', (value, code) => {
    expect(isHouseNumber(value)).toBe(false);
    expect(codes(houseNumberSchema.safeParse(value))).toEqual([code]);
  });
  it.each(['Berlin', 'Frankfurt am Main', 'Halle/Saale', 'Kraków', 'Saint-Étienne', 'Zürich, Altstadt'])(
    'city accepts %j',
    (value) => {
      expect(isCity(value)).toBe(true);
      expect(citySchema.safeParse(value).success).toBe(true);
    },
  );
  it.each([
    ['', 'err_required'],
    ['Berlin 10115', 'err_invalid_characters'],
    ['St. Gallen', 'err_invalid_characters'],
    ['x'.repeat(31), 'err_too_long'],
  ])('city refuses %j with %s', (value, code) => {
    expect(isCity(value)).toBe(false);
    expect(codes(citySchema.safeParse(value))[0]).toBe(code);
  });
});

describe("company tax number by the company's country (issue 26)", () => {
  it.each([
    // Switzerland: the UID with its modulo-11 check digit, with or without prefix, dots and VAT suffix
    ['CH', 'CHE-136.348.576'],
    ['CH', 'CHE136348576'],
    ['CH', '136.348.576 MWST'],
    ['CH', 'CHE-123.456.788 TVA'],
    ['CH', 'che-123.456.788 iva'],
    ['CH', 'CHE 109.322.551'],
    // Austria: Steuernummer (tax office + 7 digits) or UID ATU + 8 digits with check digit
    ['AT', '12-345/6789'],
    ['AT', '123456789'],
    ['AT', 'ATU13585627'],
    ['AT', 'ATU 1358 5627'],
    // Poland: NIP with check digit, with or without the PL prefix
    ['PL', '123-456-32-18'],
    ['PL', '123-45-63-218'],
    ['PL', '1234563218'],
    ['PL', 'PL 8567346215'],
    // Germany: the rule that held, and the 13-digit federal Steuernummer
    ['DE', '21/815/08150'],
    ['DE', 'DE123456789'],
    ['DE', '1234567890'],
    ['DE', '2181508150123'],
    // Other countries: the spec's generic rule
    ['FR', 'FR1234567890'],
    ['NL', '123456789012'],
    [null, '1234567890'],
  ])('%s accepts %j', (country, value) => {
    expect(companyTaxNumberError(value, country)).toBeNull();
  });

  it.each([
    ['CH', 'CHE-136.348.577', 'err_invalid_tax_number_ch'], // wrong check digit
    ['CH', 'CHE-136.348.57', 'err_invalid_tax_number_ch'], // 8 digits
    ['CH', '1234567890', 'err_invalid_tax_number_ch'], // a German-style number
    ['CH', 'CHE-136.348.576 VAT', 'err_invalid_tax_number_ch'],
    ['AT', 'ATU13585626', 'err_invalid_tax_number_at'], // wrong check digit
    ['AT', '00-345/6789', 'err_invalid_tax_number_at'],
    ['AT', '1234567890', 'err_invalid_tax_number_at'],
    ['PL', '123-456-32-19', 'err_invalid_tax_number_pl'], // wrong check digit
    ['PL', '123456321', 'err_invalid_tax_number_pl'],
    ['PL', 'DE1234563218', 'err_invalid_tax_number_pl'],
    ['DE', '123456789', 'err_invalid_tax_number_de'],
    ['DE', 'CHE-136.348.576', 'err_invalid_tax_number_de'],
    ['FR', '12345', 'err_invalid_tax_number'],
    [undefined, 'CHE-136.348.576', 'err_invalid_tax_number'],
  ])('%s refuses %j with %s', (country, value, code) => {
    expect(companyTaxNumberError(value, country)).toEqual({ code });
  });

  it('leaves an empty field to the required rule', () => {
    expect(companyTaxNumberError('  ', 'CH')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { AllowedUpdate } from './applications.js';
import { SIGNATORY_REQUIRED_FIELDS } from './pending-items.js';
import {
  addRepresentativeRequest,
  birthdateError,
  canAddRepresentative,
  canDeleteRepresentative,
  canEditRepresentative,
  canUseShortcut,
  decimalOf,
  editableFieldGroups,
  FIELD_GROUP_FIELDS,
  FIELD_GROUPS,
  fieldGroupOf,
  forbiddenChanges,
  hasContactData,
  listLimitIssues,
  makeMainContact,
  percentOf,
  representativeIssues,
  representativeListIssues,
  representativeSchema,
  requiredFieldsOf,
  SIGNATORY_FIELDS,
  signatorySchema,
  type FieldGroup,
  type MainContactEntry,
  type RepresentativeContext,
  type RepresentativeListEntry,
  type RepresentativeValues,
  type SignatoryField,
} from './representatives.js';

const NOW = new Date('2025-06-15T10:00:00Z');
const CONTEXT: RepresentativeContext = {
  countries: ['DE', 'AT', 'CH', 'PL', 'FR'],
  companyTaxId: '12/345/67890',
  now: NOW,
};

/** A representative that passes every field rule: a German managing director who owns 60 %. */
function buildRepresentative(overrides: RepresentativeValues = {}): RepresentativeValues {
  return {
    first_name: 'Anna',
    last_name: 'Berger',
    email: 'anna.berger@example.com',
    telephone: '+49 30 1234567',
    position: 'Geschäftsführerin',
    nationality: 'DE',
    birthdate: '1980-04-12',
    taxid: '86095742719',
    street: 'Hauptstraße',
    street_number: '12a',
    postcode: '10115',
    location: 'Berlin',
    country: 'DE',
    is_beneficial_owner: true,
    percentage_owned: 0.6,
    is_legal_signatory: true,
    is_contract_signatory: true,
    is_sole_signatory: true,
    is_main_contact: false,
    ...overrides,
  };
}

/** An Austrian resident of Austria: the general personal tax number rule applies. */
const austrian = (overrides: RepresentativeValues = {}) =>
  buildRepresentative({ nationality: 'AT', country: 'AT', postcode: '1010', location: 'Wien', ...overrides });

const issuesOf = (values: RepresentativeValues, context: RepresentativeContext = CONTEXT) =>
  representativeIssues(values, context);
const issueOn = (field: SignatoryField, values: RepresentativeValues, context?: RepresentativeContext) =>
  issuesOf(values, context).find((issue) => issue.field === field);

const LONG = 'x'.repeat(1_000_000);

describe('representative field rules (spec 2 section 5)', () => {
  it('a complete representative has no issue', () => {
    expect(issuesOf(buildRepresentative())).toEqual([]);
    expect(issuesOf(austrian({ taxid: 'AB-123/45' }))).toEqual([]);
  });

  it('the tax id and the position are optional', () => {
    expect(issuesOf(buildRepresentative({ taxid: null, position: '' }))).toEqual([]);
    expect(issuesOf(buildRepresentative({ taxid: undefined, position: undefined }))).toEqual([]);
  });

  it.each(
    SIGNATORY_REQUIRED_FIELDS.flatMap((field) => [null, undefined, '', '   '].map((empty) => [field, empty] as const)),
  )('requires %s (given %j)', (field, empty) => {
    expect(issuesOf(buildRepresentative({ [field]: empty }))).toContainEqual({ field, code: 'err_required' });
  });

  it.each<[string, SignatoryField, unknown, string, Record<string, number>?]>([
    // names and position: length, control characters, type
    ['a long first name', 'first_name', 'x'.repeat(101), 'err_too_long', { max: 100 }],
    ['a megabyte first name', 'first_name', LONG, 'err_too_long', { max: 100 }],
    ['a NUL in the first name', 'first_name', 'Anna\u0000', 'err_invalid_characters'],
    ['a newline in the last name', 'last_name', 'Ber\nger', 'err_invalid_characters'],
    ['a C1 control (NEL) in the last name', 'last_name', 'Berger\u0085', 'err_invalid_characters'],
    ['an ESC sequence in the last name', 'last_name', '\u001b[31mBerger', 'err_invalid_characters'],
    ['a right-to-left override in the first name', 'first_name', 'Anna\u202Egnp.exe', 'err_invalid_characters'],
    ['a bidi isolate in the position', 'position', 'CEO\u2066', 'err_invalid_characters'],
    ['a tab in the position', 'position', 'Geschäfts\tführerin', 'err_invalid_characters'],
    ['a long position', 'position', 'x'.repeat(101), 'err_too_long', { max: 100 }],
    ['a number as first name', 'first_name', 42, 'err_invalid_value'],
    ['an object as last name', 'last_name', { $ne: '' }, 'err_invalid_value'],
    // e-mail
    ['an e-mail without domain', 'email', 'anna', 'err_invalid_email'],
    ['an e-mail without top-level domain', 'email', 'anna@example', 'err_invalid_email'],
    ['a long e-mail', 'email', `${'a'.repeat(245)}@ex.com`, 'err_too_long', { max: 250 }],
    ['a header injection in the e-mail', 'email', 'anna@example.com\r\nBcc: x@evil.test', 'err_invalid_characters'],
    // phone (validators.phoneError)
    ['a phone without country code', 'telephone', '030 1234567', 'err_invalid_phone'],
    ['a phone with letters', 'telephone', '+49 30 12a4567', 'err_invalid_characters'],
    ['a phone with an extension', 'telephone', '+49 30 1234567 ext. 2', 'err_invalid_characters'],
    ['a phone with a NUL', 'telephone', '+49 30\u0000 1234567', 'err_invalid_characters'],
    ['a short phone', 'telephone', '+1234567', 'err_too_short', { min: 8 }],
    ['a long phone', 'telephone', '+1234567890123456', 'err_too_long', { max: 15 }],
    ['a megabyte phone', 'telephone', `+${'1'.repeat(1_000_000)}`, 'err_too_long', { max: 15 }],
    // nationality and country: two capitals, among the partner's countries
    ['a nationality outside the partner list', 'nationality', 'US', 'err_invalid_value'],
    ['a lower-case nationality', 'nationality', 'de', 'err_invalid_value'],
    ['a three-letter nationality', 'nationality', 'DEU', 'err_invalid_value'],
    ['a country outside the partner list', 'country', 'GB', 'err_invalid_value'],
    ['a megabyte country', 'country', LONG, 'err_invalid_value'],
    // address (validators)
    ['a long street', 'street', 'x'.repeat(31), 'err_too_long', { max: 30 }],
    ['a NUL in the street', 'street', 'Haupt\u0000straße', 'err_invalid_characters'],
    ['a house number with #', 'street_number', '12#', 'err_invalid_characters'],
    ['a long house number', 'street_number', '12345678901', 'err_too_long', { max: 10 }],
    ['a German postcode of four digits', 'postcode', '1011', 'err_invalid_postcode'],
    ['a long postcode', 'postcode', '123456789', 'err_too_long', { max: 8 }],
    ['a city with digits', 'location', 'Berlin 10115', 'err_invalid_characters'],
    ['a long city', 'location', 'x'.repeat(31), 'err_too_long', { max: 30 }],
    // yes/no answers
    ['"yes" as beneficial owner', 'is_beneficial_owner', 'yes', 'err_invalid_value'],
    ['1 as legal signatory', 'is_legal_signatory', 1, 'err_invalid_value'],
    ['"true" as main contact', 'is_main_contact', 'true', 'err_invalid_value'],
  ])('refuses %s', (_, field, value, code, values) => {
    expect(issueOn(field, buildRepresentative({ [field]: value }))).toEqual({
      field,
      code,
      ...(values ? { values } : {}),
    });
  });

  it.each<[SignatoryField, unknown]>([
    ['first_name', 'Zoë'],
    ['first_name', 'Jean-Luc'],
    ['last_name', "O'Brien"],
    ['last_name', 'Wójcik-Kowalska'],
    ['last_name', '  Berger  '],
    ['first_name', 'x'.repeat(100)],
    ['email', 'Anna.Berger@Example.COM'],
    ['telephone', '+49 (0)30 1234-5678'],
    ['telephone', '0049 30 1234567'],
    ['nationality', 'PL'],
    ['street', 'Rue de l’Église'],
    ['street_number', '12-14'],
    ['location', 'Frankfurt am Main'],
    ['position', 'x'.repeat(100)],
  ])('accepts %s %j', (field, value) => {
    expect(issuesOf(buildRepresentative({ [field]: value }))).toEqual([]);
  });

  it('checks the postcode in the form of the country', () => {
    expect(issuesOf(austrian())).toEqual([]);
    expect(issueOn('postcode', austrian({ postcode: '10115' }))).toEqual({
      field: 'postcode',
      code: 'err_invalid_postcode',
    });
  });

  it('hostile input everywhere gives one issue per field and no exception', () => {
    const hostile = Object.fromEntries(SIGNATORY_FIELDS.map((field) => [field, `${LONG}\u0000`]));
    const issues = issuesOf(hostile);
    expect(issues.map((issue) => issue.field)).toEqual(SIGNATORY_FIELDS);
    expect(issues.filter((issue) => issue.code === 'err_invalid_characters').map((i) => i.field)).toEqual([
      'first_name',
      'last_name',
      'email',
      'telephone',
      'position',
      'nationality',
      'birthdate',
      'taxid',
      'street',
      'street_number',
      'postcode',
      'location',
      'country',
    ]);
  });
});

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

describe('ownership share: a decimal on the wire, rules in percent', () => {
  it.each([
    [0.25, 25],
    [0.1 + 0.2, 30],
    [0.123456, 12.35],
    [1, 100],
    [0.0001, 0.01],
    [0, 0],
  ])('percentOf(%s) = %s', (decimal, percent) => {
    expect(percentOf(decimal)).toBe(percent);
  });

  it.each([
    [25, 0.25],
    [33.33, 0.3333],
    [0.01, 0.0001],
    [100, 1],
  ])('decimalOf(%s) = %s', (percent, decimal) => {
    expect(decimalOf(percent)).toBe(decimal);
  });

  const owner = {
    is_beneficial_owner: true,
    is_legal_signatory: false,
    is_contract_signatory: null,
    is_sole_signatory: null,
  };
  const nonOwner = {
    is_beneficial_owner: false,
    is_legal_signatory: false,
    is_contract_signatory: null,
    is_sole_signatory: null,
  };

  it.each<[string, RepresentativeValues]>([
    ['a non-owner without a share', { ...nonOwner, percentage_owned: null }],
    ['a non-owner with 0 %', { ...nonOwner, percentage_owned: 0 }],
    ['a non-owner with 10 %', { ...nonOwner, percentage_owned: 0.1 }],
    ['an owner with 0.01 %', { ...owner, percentage_owned: 0.0001 }],
    ['an owner with 100 %', { ...owner, percentage_owned: 1 }],
    ['an owner with floating noise at 100 %', { ...owner, percentage_owned: 0.1 + 0.2 + 0.7 }],
    ['a legal signatory as beneficial owner with 0 % (GwG section 3 (2))', { percentage_owned: 0 }],
  ])('accepts %s', (_, overrides) => {
    expect(issueOn('percentage_owned', buildRepresentative(overrides))).toBeUndefined();
  });

  it.each<[string, RepresentativeValues, string, Record<string, number>?]>([
    ['a negative share', { ...nonOwner, percentage_owned: -0.0001 }, 'err_too_small', { min: 0 }],
    ['100.01 %', { ...nonOwner, percentage_owned: 1.0001 }, 'err_too_big', { max: 100 }],
    ['25 given as a percent', { ...owner, percentage_owned: 25 }, 'err_too_big', { max: 100 }],
    ['an owner with 0 %', { ...owner, percentage_owned: 0 }, 'err_too_small', { min: 0.01 }],
    ['an owner with less than 0.005 %', { ...owner, percentage_owned: 0.00004 }, 'err_too_small', { min: 0.01 }],
    ['an owner without a share', { ...owner, percentage_owned: null }, 'err_required'],
    ['a string', { ...nonOwner, percentage_owned: '0.25' }, 'err_invalid_value'],
    ['NaN', { ...nonOwner, percentage_owned: Number.NaN }, 'err_invalid_value'],
    ['Infinity', { ...nonOwner, percentage_owned: Number.POSITIVE_INFINITY }, 'err_invalid_value'],
  ])('refuses %s', (_, overrides, code, values) => {
    expect(issueOn('percentage_owned', buildRepresentative(overrides))).toEqual({
      field: 'percentage_owned',
      code,
      ...(values ? { values } : {}),
    });
  });
});

describe('answers that require other fields', () => {
  const plain = {
    is_legal_signatory: false,
    is_contract_signatory: null,
    is_sole_signatory: null,
    is_main_contact: false,
    email: null,
    telephone: null,
  };

  it.each<[string, RepresentativeValues, SignatoryField[]]>([
    ['nobody special: no contact data needed', plain, []],
    ['willing to sign: e-mail and phone', { ...plain, is_contract_signatory: true }, ['email', 'telephone']],
    [
      'willing to sign with an e-mail: the phone',
      { ...plain, is_contract_signatory: true, email: 'a@b.de' },
      ['telephone'],
    ],
    ['not willing to sign', { ...plain, is_contract_signatory: false }, []],
    [
      'the main contact: e-mail and phone (ARCHITECTURE.md)',
      { ...plain, is_main_contact: true },
      ['email', 'telephone'],
    ],
    [
      'the main contact with a phone: the e-mail',
      { ...plain, is_main_contact: true, telephone: '+49 30 1234567' },
      ['email'],
    ],
    [
      'a legal signatory: willing to sign and can sign alone',
      { ...plain, is_legal_signatory: true },
      ['is_contract_signatory', 'is_sole_signatory'],
    ],
    [
      'a legal signatory who will not sign: can sign alone still answered',
      { ...plain, is_legal_signatory: true, is_contract_signatory: false },
      ['is_sole_signatory'],
    ],
    [
      'a legal signatory, both answered no',
      { ...plain, is_legal_signatory: true, is_contract_signatory: false, is_sole_signatory: false },
      [],
    ],
  ])('%s', (_, overrides, missing) => {
    const issues = issuesOf(buildRepresentative(overrides));
    expect(issues).toEqual(missing.map((field) => ({ field, code: 'err_required' })));
  });

  it('requiredFieldsOf names what the form marks as required', () => {
    expect(requiredFieldsOf({ is_contract_signatory: true, is_beneficial_owner: true })).toEqual([
      ...SIGNATORY_REQUIRED_FIELDS,
      'email',
      'telephone',
      'percentage_owned',
    ]);
  });
});

describe('the request schemas', () => {
  const schema = representativeSchema(CONTEXT);

  it('a valid representative parses', () => {
    expect(schema.safeParse(buildRepresentative()).success).toBe(true);
  });

  it('every field rule becomes a zod issue on its field, limits as zod bounds', () => {
    const result = schema.safeParse(
      buildRepresentative({ first_name: 'x'.repeat(101), birthdate: '2030-01-01', percentage_owned: 2 }),
    );
    expect(result.error?.issues).toMatchObject([
      { path: ['first_name'], code: 'too_big', maximum: 100, message: 'err_too_long' },
      { path: ['birthdate'], code: 'custom', message: 'err_birthdate_in_future' },
      { path: ['percentage_owned'], code: 'too_big', origin: 'number', maximum: 100, message: 'err_too_big' },
    ]);
    expect(schema.safeParse(buildRepresentative({ telephone: '+1234567' })).error?.issues).toMatchObject([
      { path: ['telephone'], code: 'too_small', origin: 'string', minimum: 8, message: 'err_too_short' },
    ]);
    expect(schema.safeParse(buildRepresentative({ birthdate: '2015-01-01' })).error?.issues).toMatchObject([
      { path: ['birthdate'], code: 'custom', message: 'err_person_not_adult', params: { values: { min: 18 } } },
    ]);
  });

  it('wrong types are refused by the shape', () => {
    expect(schema.safeParse({ ...buildRepresentative(), first_name: 42 }).success).toBe(false);
  });

  it.each([
    [[], false],
    [[buildRepresentative()], true],
    [[buildRepresentative(), buildRepresentative()], false],
  ])('POST data holds exactly one representative (%#)', (data, ok) => {
    expect(addRepresentativeRequest.safeParse({ data }).success).toBe(ok);
  });

  it('the response shape names every field of spec 2 section 3', () => {
    expect(Object.keys(signatorySchema.shape)).toEqual(
      expect.arrayContaining([
        ...SIGNATORY_FIELDS,
        'signatory_id',
        'application_id',
        'is_current_actor',
        'invite_status',
        'kyc_status',
        'requirements',
        'credit_score',
      ]),
    );
  });
});

// ---------------------------------------------------------------------------------------
// List rules
// ---------------------------------------------------------------------------------------

function entry(id: string, overrides: Partial<RepresentativeListEntry> = {}): RepresentativeListEntry {
  return {
    signatory_id: id,
    first_name: id,
    last_name: 'Berger',
    percentage_owned: null,
    is_beneficial_owner: false,
    is_legal_signatory: false,
    is_contract_signatory: false,
    is_sole_signatory: null,
    ...overrides,
  };
}
const signer = (id: string, overrides: Partial<RepresentativeListEntry> = {}) =>
  entry(id, { is_legal_signatory: true, is_contract_signatory: true, is_sole_signatory: false, ...overrides });
const soleSigner = (id: string, overrides: Partial<RepresentativeListEntry> = {}) =>
  signer(id, { is_sole_signatory: true, ...overrides });
const owner = (id: string, share: number, overrides: Partial<RepresentativeListEntry> = {}) =>
  entry(id, { is_beneficial_owner: true, percentage_owned: share, ...overrides });

describe('list rules (spec 2 section 5 "List rules")', () => {
  it('nobody added yet: err_no_signatories only', () => {
    expect(representativeListIssues([], { guaranteesRequired: true })).toEqual([
      { code: 'err_no_signatories', kind: 'incomplete', signatoryIds: [] },
    ]);
  });

  it.each<[string, RepresentativeListEntry[], string[] | null]>([
    ['one sole signatory', [soleSigner('a')], null],
    ['two signatories', [signer('a'), signer('b')], null],
    ['a sole signatory and a joint one', [soleSigner('a'), signer('b')], null],
    ['one signatory who cannot sign alone', [signer('a')], ['a']],
    [
      'one signatory and a legal signatory who will not sign',
      [signer('a'), signer('b', { is_contract_signatory: false })],
      ['a', 'b'],
    ],
    ['a sole legal signatory who will not sign', [soleSigner('a', { is_contract_signatory: false })], ['a']],
    ['a sole legal signatory who has not answered yet', [soleSigner('a', { is_contract_signatory: null })], ['a']],
    [
      '"can sign alone" on someone without power of representation',
      [entry('a', { is_contract_signatory: true, is_sole_signatory: true })],
      [],
    ],
    [
      'two willing to sign without power of representation',
      [entry('a', { is_contract_signatory: true }), entry('b', { is_contract_signatory: true })],
      [],
    ],
    ['only beneficial owners', [owner('a', 0.5), owner('b', 0.5)], []],
  ])('a sole signatory or at least two: %s', (_, list, ids) => {
    const issue = representativeListIssues(list).find(
      (i) => i.code === 'err_application_signatories_sole_or_atleast_2',
    );
    if (ids === null) expect(issue).toBeUndefined();
    else expect(issue).toMatchObject({ kind: 'incomplete', signatoryIds: ids });
  });

  it.each<[string, number[], number | null]>([
    ['exactly 100 %', [0.6, 0.4], null],
    ['100 % with floating noise', [0.1, 0.2, 0.7], null],
    ['one person 100 %', [1], null],
    ['100.01 %', [0.6, 0.4001], 100.01],
    ['112 %', [0.5, 0.62], 112],
    ['no shares at all', [], null],
  ])('shares at most 100 %% together: %s', (_, shares, total) => {
    const list = [soleSigner('s'), ...shares.map((share, i) => entry(`p${i}`, { percentage_owned: share }))];
    const issue = representativeListIssues(list).find((i) => i.code === 'err_share_percentage_greater_then_100');
    if (total === null) expect(issue).toBeUndefined();
    else
      expect(issue).toEqual({
        code: 'err_share_percentage_greater_then_100',
        kind: 'limit',
        signatoryIds: shares.map((_, i) => `p${i}`),
        values: { total, max: 100 },
      });
  });

  it('only the shares above 100 % are a hard limit', () => {
    const issues = representativeListIssues([signer('a', { percentage_owned: 0.7 }), owner('b', 0.5), owner('c', 0.1)]);
    expect(issues.map((i) => [i.code, i.kind])).toEqual([
      ['err_application_signatories_sole_or_atleast_2', 'incomplete'],
      ['err_share_percentage_greater_then_100', 'limit'],
      ['err_beneficial_owner_share_too_small', 'incomplete'],
    ]);
    expect(listLimitIssues(issues).map((i) => i.code)).toEqual(['err_share_percentage_greater_then_100']);
  });

  it.each<[string, RepresentativeListEntry[], { id: string; percent: number; name?: string }[]]>([
    ['exactly 25 %', [owner('a', 0.25), owner('b', 0.75)], []],
    ['24.99 %', [owner('a', 0.2499), owner('b', 0.75)], [{ id: 'a', percent: 24.99, name: 'a Berger' }]],
    [
      'Anna Berger holds 18 %',
      [owner('a', 0.18, { first_name: 'Anna' }), owner('b', 0.6)],
      [{ id: 'a', percent: 18, name: 'Anna Berger' }],
    ],
    [
      'no name yet: no name value',
      [owner('a', 0.1, { first_name: null, last_name: '' }), owner('b', 0.3)],
      [{ id: 'a', percent: 10 }],
    ],
    [
      'two below 25 %',
      [owner('a', 0.1), owner('b', 0.2), owner('c', 0.7)],
      [
        { id: 'a', percent: 10, name: 'a Berger' },
        { id: 'b', percent: 20, name: 'b Berger' },
      ],
    ],
    [
      'legal representatives as beneficial owners while nobody holds 25 % (GwG section 3 (2))',
      [soleSigner('a', { is_beneficial_owner: true, percentage_owned: 0 }), entry('b', { percentage_owned: 0.2 })],
      [],
    ],
    [
      'a legal representative below 25 % while someone holds 25 %',
      [soleSigner('a', { is_beneficial_owner: true, percentage_owned: 0.1 }), entry('b', { percentage_owned: 0.25 })],
      [{ id: 'a', percent: 10, name: 'a Berger' }],
    ],
    [
      'someone without power of representation below 25 % while nobody holds 25 %',
      [owner('a', 0.1), entry('b', { percentage_owned: 0.2 })],
      [{ id: 'a', percent: 10, name: 'a Berger' }],
    ],
    ['a shareholder below 25 % who is not marked beneficial owner', [entry('a', { percentage_owned: 0.1 })], []],
  ])('every beneficial owner holds at least 25 %%: %s', (_, list, expected) => {
    const issues = representativeListIssues(list).filter((i) => i.code === 'err_beneficial_owner_share_too_small');
    expect(issues).toEqual(
      expected.map(({ id, percent, name }) => ({
        code: 'err_beneficial_owner_share_too_small',
        kind: 'incomplete',
        signatoryIds: [id],
        values: { ...(name ? { name } : {}), percent, min: 25 },
      })),
    );
  });

  const willing = { is_contract_signatory: true };
  it.each<[string, RepresentativeListEntry[], { total: number; ids: string[] } | null]>([
    [
      'more than 50 %',
      [entry('a', { ...willing, percentage_owned: 0.3 }), entry('b', { ...willing, percentage_owned: 0.2001 })],
      null,
    ],
    [
      'exactly 50 %',
      [
        entry('a', { ...willing, percentage_owned: 0.3 }),
        entry('b', { ...willing, percentage_owned: 0.2 }),
        entry('c', { percentage_owned: 0.5 }),
      ],
      { total: 50, ids: ['c'] },
    ],
    [
      'nobody signs',
      [entry('a', { percentage_owned: 0.6 }), entry('b', { percentage_owned: 0.4 })],
      { total: 0, ids: ['a', 'b'] },
    ],
    [
      'a signer without a share is no guarantor',
      [soleSigner('a'), entry('b', { percentage_owned: 1 })],
      { total: 0, ids: ['b'] },
    ],
    ['one shareholder with 100 % who signs', [soleSigner('a', { percentage_owned: 1 })], null],
  ])('guarantors together more than 50 %% (guarantees required): %s', (_, list, expected) => {
    const issue = representativeListIssues(list, { guaranteesRequired: true }).find(
      (i) => i.code === 'err_guarantors_share_too_small',
    );
    if (expected === null) expect(issue).toBeUndefined();
    else
      expect(issue).toEqual({
        code: 'err_guarantors_share_too_small',
        kind: 'incomplete',
        signatoryIds: expected.ids,
        values: { total: expected.total, min: 50 },
      });
  });

  it('without required guarantees there is no guarantor rule', () => {
    const list = [soleSigner('a'), entry('b', { percentage_owned: 1 })];
    expect(representativeListIssues(list)).toEqual([]);
    expect(representativeListIssues(list, { guaranteesRequired: false })).toEqual([]);
  });

  it('a complete list has no issue', () => {
    const list = [
      soleSigner('a', { is_beneficial_owner: true, percentage_owned: 0.6 }),
      owner('b', 0.4, { is_contract_signatory: true }),
    ];
    expect(representativeListIssues(list, { guaranteesRequired: true })).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------
// Permissions (spec 2 section 6)
// ---------------------------------------------------------------------------------------

describe('field groups', () => {
  it.each<[SignatoryField, FieldGroup]>([
    ['first_name', 'signatory'],
    ['last_name', 'signatory'],
    ['position', 'signatory'],
    ['nationality', 'signatory'],
    ['birthdate', 'signatory'],
    ['street', 'signatory'],
    ['street_number', 'signatory'],
    ['postcode', 'signatory'],
    ['location', 'signatory'],
    ['country', 'signatory'],
    ['is_beneficial_owner', 'signatory_flags'],
    ['percentage_owned', 'signatory_flags'],
    ['is_legal_signatory', 'signatory_flags'],
    ['is_contract_signatory', 'signatory_flags'],
    ['is_sole_signatory', 'signatory_flags'],
    ['taxid', 'signatory_tin'],
    ['email', 'signatory_contact'],
    ['telephone', 'signatory_contact'],
    ['is_main_contact', 'signatory_contact'],
  ])('%s belongs to %s', (field, group) => {
    expect(fieldGroupOf(field)).toBe(group);
  });

  it('every field is in exactly one group', () => {
    const grouped = FIELD_GROUPS.flatMap((group) => FIELD_GROUP_FIELDS[group]);
    expect([...grouped].sort()).toEqual([...SIGNATORY_FIELDS].sort());
  });
});

/** The group entries of allowed_updates (S signatory, F flags, T tin, C contact) → the groups they open. */
const GROUP_MATRIX: [string, FieldGroup[]][] = [
  ['', []],
  ['S', ['signatory', 'signatory_flags', 'signatory_tin', 'signatory_contact']],
  ['F', ['signatory_flags']],
  ['T', ['signatory_tin']],
  ['C', ['signatory_contact']],
  ['SF', ['signatory', 'signatory_flags', 'signatory_tin', 'signatory_contact']],
  ['ST', ['signatory', 'signatory_flags', 'signatory_tin', 'signatory_contact']],
  ['SC', ['signatory', 'signatory_flags', 'signatory_tin', 'signatory_contact']],
  ['FT', ['signatory_flags', 'signatory_tin']],
  ['FC', ['signatory_flags', 'signatory_contact']],
  ['TC', ['signatory_tin', 'signatory_contact']],
  ['SFT', ['signatory', 'signatory_flags', 'signatory_tin', 'signatory_contact']],
  ['SFC', ['signatory', 'signatory_flags', 'signatory_tin', 'signatory_contact']],
  ['STC', ['signatory', 'signatory_flags', 'signatory_tin', 'signatory_contact']],
  ['FTC', ['signatory_flags', 'signatory_tin', 'signatory_contact']],
  ['SFTC', ['signatory', 'signatory_flags', 'signatory_tin', 'signatory_contact']],
];
/** Whose card: with signatory_other (O) or as the current actor the groups apply, otherwise none. */
const REACH: [boolean, boolean, boolean][] = [
  // [signatory_other, current actor, groups apply]
  [false, false, false],
  [true, false, true],
  [false, true, true],
  [true, true, true],
];
const LETTER: Record<string, AllowedUpdate> = {
  S: 'signatory',
  F: 'signatory_flags',
  T: 'signatory_tin',
  C: 'signatory_contact',
  O: 'signatory_other',
};
const allowedOf = (letters: string): AllowedUpdate[] => [...letters].map((l) => LETTER[l]!);

/** A changed value for one field of each group. */
const CHANGE: Record<FieldGroup, [SignatoryField, unknown]> = {
  signatory: ['last_name', 'Neumann'],
  signatory_flags: ['percentage_owned', 0.3],
  signatory_tin: ['taxid', '47036892816'],
  signatory_contact: ['telephone', '+49 89 7654321'],
};

const MATRIX = GROUP_MATRIX.flatMap(([letters, groups]) =>
  REACH.flatMap(([other, actor, applies]) =>
    FIELD_GROUPS.map((group) => ({
      allowed: `${letters}${other ? 'O' : ''}` || '-',
      actor,
      group,
      verdict: applies && groups.includes(group) ? 'allowed' : '403',
    })),
  ),
);

describe('permission matrix: allowed_updates × current actor × field group (spec 2 section 6)', () => {
  it('has every combination', () => {
    expect(MATRIX).toHaveLength(16 * 4 * 4);
  });

  it.each(MATRIX)('$allowed, current actor $actor, $group: $verdict', ({ allowed, actor, group, verdict }) => {
    const list = allowedOf(allowed === '-' ? '' : allowed);
    const [field, value] = CHANGE[group];
    const before = buildRepresentative();
    expect(editableFieldGroups(list, actor).includes(group)).toBe(verdict === 'allowed');
    expect(forbiddenChanges(before, { ...before, [field]: value }, list, actor)).toEqual(
      verdict === 'allowed' ? [] : [field],
    );
  });
});

describe('actions per role (ADR 007 entries)', () => {
  const ALL: AllowedUpdate[] = [
    'signatory',
    'signatory_other',
    'signatory_flags',
    'signatory_tin',
    'signatory_contact',
    'taxIdNumber',
    'bankinfo',
    'custom_fields',
    'debitor',
  ];
  it.each<[string, AllowedUpdate[], boolean, [boolean, boolean, boolean, boolean, boolean, boolean]]>([
    // [add, edit, delete, tin shortcut, phone shortcut, e-mail shortcut]
    ['owner, Open, another card', ALL, false, [true, true, true, true, true, true]],
    ['owner, Open, own card', ALL, true, [true, true, true, true, true, true]],
    [
      'tin and contact, another card',
      ['signatory_tin', 'signatory_contact'],
      false,
      [false, false, false, false, false, false],
    ],
    ['tin and contact, own card', ['signatory_tin', 'signatory_contact'], true, [false, true, false, true, true, true]],
    [
      'tin, contact and other, another card',
      ['signatory_tin', 'signatory_contact', 'signatory_other'],
      false,
      [false, true, false, true, true, true],
    ],
    ['tin only, own card', ['signatory_tin'], true, [false, true, false, true, false, false]],
    ['contact only, own card', ['signatory_contact'], true, [false, true, false, false, true, true]],
    ['signatory, another card', ['signatory'], false, [true, false, false, false, false, false]],
    ['signatory, own card', ['signatory'], true, [true, true, true, true, true, true]],
    [
      'signatory and other, another card',
      ['signatory', 'signatory_other'],
      false,
      [true, true, true, true, true, true],
    ],
    ['other only', ['signatory_other'], false, [false, false, false, false, false, false]],
    ['nothing (closed)', [], true, [false, false, false, false, false, false]],
  ])('%s', (_, allowed, actor, [add, edit, del, tin, phone, email]) => {
    expect([
      canAddRepresentative(allowed),
      canEditRepresentative(allowed, actor),
      canDeleteRepresentative(allowed, actor),
      canUseShortcut('tin', allowed, actor),
      canUseShortcut('phone', allowed, actor),
      canUseShortcut('email', allowed, actor),
    ]).toEqual([add, edit, del, tin, phone, email]);
  });
});

describe('forbiddenChanges', () => {
  const before = buildRepresentative();
  const tinOnly: AllowedUpdate[] = ['signatory_tin'];

  it('the full form sent back unchanged, in another notation, is no change', () => {
    const same = {
      ...before,
      first_name: ' Anna ',
      email: 'Anna.Berger@EXAMPLE.com',
      telephone: '+49 (30) 123-4567',
      taxid: '860 957 427 19',
      percentage_owned: 0.1 + 0.5,
      position: 'Geschäftsführerin',
    };
    expect(forbiddenChanges(before, same, tinOnly, true)).toEqual([]);
  });

  it('empty, null and missing are the same', () => {
    expect(forbiddenChanges({ ...before, position: null }, { ...before, position: '' }, tinOnly, true)).toEqual([]);
  });

  it('a field not sent is no change (PATCH with the tax id alone)', () => {
    expect(forbiddenChanges(before, { taxid: '47036892816' }, tinOnly, true)).toEqual([]);
  });

  it('lists every changed field outside the allowed groups, in form order', () => {
    const after = {
      taxid: '47036892816',
      is_sole_signatory: false,
      last_name: 'Neumann',
      email: 'x@y.de',
      is_main_contact: true,
    };
    expect(forbiddenChanges(before, after, tinOnly, true)).toEqual([
      'last_name',
      'email',
      'is_sole_signatory',
      'is_main_contact',
    ]);
  });

  it('a tax id added later is allowed with signatory_tin, a share is not', () => {
    const withoutTin = { ...before, taxid: null };
    expect(forbiddenChanges(withoutTin, { taxid: '86095742719' }, tinOnly, true)).toEqual([]);
    expect(forbiddenChanges(withoutTin, { percentage_owned: 0.5 }, tinOnly, true)).toEqual(['percentage_owned']);
    expect(forbiddenChanges(withoutTin, { is_beneficial_owner: null }, tinOnly, true)).toEqual(['is_beneficial_owner']);
  });
});

describe('main contact (needs e-mail and phone: ARCHITECTURE.md)', () => {
  const contact = (id: string, overrides: Partial<MainContactEntry> = {}): MainContactEntry => ({
    signatory_id: id,
    email: `${id}@example.com`,
    telephone: '+49 30 1234567',
    is_main_contact: false,
    ...overrides,
  });

  it.each<[string, Partial<MainContactEntry>, boolean]>([
    ['e-mail and phone', {}, true],
    ['no phone', { telephone: null }, false],
    ['an empty phone', { telephone: '  ' }, false],
    ['no e-mail', { email: null }, false],
    ['an invalid phone', { telephone: '030 1234567' }, false],
    ['an invalid e-mail', { email: 'anna' }, false],
  ])('hasContactData: %s', (_, overrides, ok) => {
    expect(hasContactData(contact('a', overrides))).toBe(ok);
  });

  it('moves the flag: only one main contact', () => {
    const list = [contact('a', { is_main_contact: true }), contact('b'), contact('c')];
    expect(makeMainContact(list, 'b')).toEqual({
      ok: true,
      flags: [
        { signatory_id: 'a', is_main_contact: false },
        { signatory_id: 'b', is_main_contact: true },
        { signatory_id: 'c', is_main_contact: false },
      ],
      changed: ['a', 'b'],
    });
  });

  it('the main contact again: nothing changes', () => {
    const list = [contact('a', { is_main_contact: true }), contact('b')];
    expect(makeMainContact(list, 'a')).toMatchObject({ ok: true, changed: [] });
  });

  it('clears a second main contact left by older data', () => {
    const list = [contact('a', { is_main_contact: true }), contact('b', { is_main_contact: true })];
    expect(makeMainContact(list, 'b')).toMatchObject({ ok: true, changed: ['a'] });
  });

  it.each<[string, Partial<MainContactEntry>]>([
    ['without a phone', { telephone: null }],
    ['without an e-mail', { email: '' }],
  ])('refused %s', (_, overrides) => {
    const list = [contact('a', { is_main_contact: true }), contact('b', overrides)];
    expect(makeMainContact(list, 'b')).toEqual({
      ok: false,
      issue: { field: 'is_main_contact', code: 'err_main_contact_needs_email_and_phone' },
    });
  });

  it('an unknown representative', () => {
    expect(makeMainContact([contact('a')], 'zz')).toEqual({
      ok: false,
      issue: { field: 'is_main_contact', code: 'err_entity_not_found' },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { SIGNATORY_REQUIRED_FIELDS } from './pending-items.js';
import {
  addRepresentativeRequest,
  type RepresentativeValues,
  SIGNATORY_FIELDS,
  type SignatoryField,
  signatorySchema,
} from './representative-schemas.js';
import {
  decimalOf,
  hasContactData,
  type MainContactEntry,
  makeMainContact,
  percentOf,
  representativeSchema,
  requiredFieldsOf,
} from './representatives.js';
import { austrian, buildRepresentative, CONTEXT, issueOn, issuesOf, LONG } from './test-support/representatives.js';

describe('representative field rules (spec 2 section 5)', () => {
  it('a complete representative has no issue', () => {
    expect(issuesOf(buildRepresentative())).toEqual([]);
    expect(issuesOf(austrian({ taxid: 'AB-123/45' }))).toEqual([]);
  });

  it('a representative of any nationality, living in any country, can be entered (issue 26)', () => {
    const american = buildRepresentative({ nationality: 'US', country: 'GB', postcode: 'SW1A 1AA', taxid: null });
    expect(issuesOf(american)).toEqual([]);
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
    // nationality and country: an ISO 3166 code of any country (issue 26), not only the partner's
    ['a nationality that names no country', 'nationality', 'XX', 'err_invalid_value'],
    ['a lower-case nationality', 'nationality', 'de', 'err_invalid_value'],
    ['a three-letter nationality', 'nationality', 'DEU', 'err_invalid_value'],
    ['a country that names no country', 'country', 'QQ', 'err_invalid_value'],
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

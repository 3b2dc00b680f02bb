import { beforeAll, describe, expect, it } from 'vitest';
import type { RepresentativeInput } from '@finportal/contracts/representative-schemas';
import { createApplication } from '../../test/dashboard.js';
import { errorsOf, expectErrors, useTestApp, type TestResponse } from '../../test/harness.js';
import {
  GERMAN_TIN,
  GERMAN_TIN_BAD_CHECK_DIGIT,
  addRepresentative,
  buildRepresentative,
  patchRepresentative,
  postRepresentative,
  representativesFingerprint,
  setRepresentativesSettings,
  signatoryOf,
  signatoriesPath,
} from '../../test/representatives.js';
import { BOOKKEEPING_TABLES, tableDigests } from '../../test/table-digest.js';

/**
 * The field rules of one representative (spec 2 section 5 "Representative"; ADR 014) on POST and
 * on PATCH: every broken rule is a 400 item with its code and field, all of them at once, and a
 * refused request stores nothing (no row, no change, no audit entry).
 */
const t = await useTestApp();
const { client: owner } = await t.signUp('demo');
setRepresentativesSettings(t, 'demo', { guarantees_required: [], credit_report_provider: null });

/**
 * The database as it must stay, taken before the first case of a block: a refused request changes
 * nothing, so one "before" serves every case. Each case compares the quick fingerprint of what a
 * representatives request writes; each block ends with the digest of every table.
 */
const everyTable = () => tableDigests(t, [...BOOKKEEPING_TABLES, 'demo_registry_companies', 'demo_registry_state']);
let baseline: { tables: Record<string, string>; fingerprint: Record<string, string> };
const takeBaseline = async () => {
  baseline = { tables: await everyTable(), fingerprint: await representativesFingerprint(t) };
};
const nothingChanged = async () => expect(await everyTable()).toEqual(baseline.tables);

/** A request that must be refused with exactly `errors` and change nothing. */
async function expectRefused(send: () => Promise<TestResponse>, errors: [code: string, field: string][]) {
  const res = await send();
  expectErrors(
    res,
    400,
    errors.map(([code, field]) => ({ code, field })),
  );
  expect(await representativesFingerprint(t)).toEqual(baseline.fingerprint);
  return res;
}

/** YYYY-MM-DD of today (UTC) moved by years and days. */
function day(years: number, days = 0): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear() + years, now.getUTCMonth(), now.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
}

/** `guarded`: the API's guard of every request body refuses the value before the rules, under the body path. */
type Case = [name: string, fields: RepresentativeInput, errors: [code: string, field: string][], guarded?: boolean];

const REQUIRED = [
  'first_name',
  'last_name',
  'nationality',
  'birthdate',
  'street',
  'street_number',
  'postcode',
  'location',
  'country',
  'is_beneficial_owner',
  'is_legal_signatory',
] as const;

/** A valid value of each text field with a place for a character in the middle. */
const TEXTS: Record<string, (c: string) => string> = {
  first_name: (c) => `Er${c}ika`,
  last_name: (c) => `Muster${c}mann`,
  email: (c) => `erika${c}@example.com`,
  telephone: (c) => `+49 30${c}1234567`,
  position: (c) => `Geschäfts${c}führerin`,
  nationality: (c) => `D${c}E`,
  birthdate: (c) => `1978-04${c}-12`,
  taxid: (c) => `86095${c}742719`,
  street: (c) => `Haupt${c}straße`,
  street_number: (c) => `1${c}2`,
  postcode: (c) => `101${c}15`,
  location: (c) => `Ber${c}lin`,
  country: (c) => `D${c}E`,
};
/**
 * The characters, and whether they are refused before the representative's rules, naming the
 * field by its path in the body: all of them since issue 25 (the API's guard of all request
 * bodies refuses controls, C1 and bidi controls; the schema's text rule refuses tab and line
 * breaks in these single-line fields).
 */
const CONTROL: Record<string, [string, boolean]> = {
  NUL: ['\u0000', true],
  ESC: ['\u001b', true],
  DEL: ['\u007f', true],
  TAB: ['\t', true],
  NEWLINE: ['\n', true],
  C1: ['\u0085', true],
  RLO: ['\u202e', true],
  LRI: ['\u2066', true],
};

/** Not a German, not living in Germany: the general personal tax number rule. */
const AUSTRIAN = { nationality: 'AT', country: 'AT', postcode: '6020', location: 'Innsbruck' } as const;

const CASES: Case[] = [
  ...REQUIRED.flatMap((field): Case[] => [[`${field} null`, { [field]: null }, [['err_required', field]]]]),
  [
    'first name empty, last name only spaces',
    { first_name: '', last_name: '   ' },
    [
      ['err_required', 'first_name'],
      ['err_required', 'last_name'],
    ],
  ],
  ['first name of 101 characters', { first_name: 'A'.repeat(101) }, [['err_too_long', 'first_name']]],
  ['last name of 101 characters', { last_name: 'B'.repeat(101) }, [['err_too_long', 'last_name']]],
  ['position of 101 characters', { position: 'C'.repeat(101) }, [['err_too_long', 'position']]],
  ['street of 31 characters', { street: 'S'.repeat(31) }, [['err_too_long', 'street']]],
  ['house number of 11 characters', { street_number: '1'.repeat(11) }, [['err_too_long', 'street_number']]],
  ['house number with #', { street_number: '12#' }, [['err_invalid_characters', 'street_number']]],
  ['city of 31 characters', { location: 'L'.repeat(31) }, [['err_too_long', 'location']]],
  ['city with a digit', { location: 'Berlin 1' }, [['err_invalid_characters', 'location']]],
  ['postcode of 4 digits in DE', { postcode: '1011' }, [['err_invalid_postcode', 'postcode']]],
  ['postcode of 9 characters', { postcode: '101151011' }, [['err_too_long', 'postcode']]],
  ...Object.entries(TEXTS).flatMap(([field, text]) =>
    Object.entries(CONTROL).map(([name, [c, guarded]]): Case => [
      `${field} with ${name}`,
      { [field]: text(c) },
      [['err_invalid_characters', field]],
      guarded,
    ]),
  ),
  ['phone without country code', { telephone: '030 1234567' }, [['err_invalid_phone', 'telephone']]],
  ['phone with letters', { telephone: '+49 30 CALL-ME' }, [['err_invalid_characters', 'telephone']]],
  ['phone with dots', { telephone: '+49 30.1234567' }, [['err_invalid_characters', 'telephone']]],
  ['phone of 7 digits', { telephone: '+49 30 123' }, [['err_too_short', 'telephone']]],
  ['phone of 16 digits', { telephone: '+49 30 1234 5678 9012' }, [['err_too_long', 'telephone']]],
  ['e-mail without domain', { email: 'erika@' }, [['err_invalid_email', 'email']]],
  ['e-mail without @', { email: 'erika.example.com' }, [['err_invalid_email', 'email']]],
  ['German TIN with a wrong check digit', { taxid: GERMAN_TIN_BAD_CHECK_DIGIT }, [['err_tin_check_digit', 'taxid']]],
  ['German TIN of 10 digits', { taxid: GERMAN_TIN.slice(0, 10) }, [['err_tin_length', 'taxid']]],
  ['German TIN with a leading 0', { taxid: `0${GERMAN_TIN.slice(1)}` }, [['err_tin_starts_with_0', 'taxid']]],
  ['German TIN with letters', { taxid: 'DE860957427' }, [['err_tin_not_numeric', 'taxid']]],
  [
    'German resident of another nationality: TIN rules',
    { nationality: 'AT', taxid: GERMAN_TIN_BAD_CHECK_DIGIT },
    [['err_tin_check_digit', 'taxid']],
  ],
  ['foreign tax id of 4 characters', { ...AUSTRIAN, taxid: 'AB12' }, [['err_invalid_tax_number', 'taxid']]],
  ["tax id equal to the company's", { ...AUSTRIAN, taxid: '1234567890' }, [['err_tax_ids_must_differ', 'taxid']]],
  [
    "tax id equal to the company's in another notation",
    { ...AUSTRIAN, taxid: '12345/67890' },
    [['err_tax_ids_must_differ', 'taxid']],
  ],
  ['birth date tomorrow', { birthdate: day(0, 1) }, [['err_birthdate_in_future', 'birthdate']]],
  ['birth date today', { birthdate: day(0) }, [['err_birthdate_in_future', 'birthdate']]],
  ['17 years old', { birthdate: day(-17) }, [['err_person_not_adult', 'birthdate']]],
  ['18 tomorrow', { birthdate: day(-18, 1) }, [['err_person_not_adult', 'birthdate']]],
  ['30 February', { birthdate: '1978-02-30' }, [['err_date_invalid', 'birthdate']]],
  ['birth date as DD.MM.YYYY', { birthdate: '12.04.1978' }, [['err_date_invalid', 'birthdate']]],
  ['born 121 years ago', { birthdate: day(-121) }, [['err_date_invalid', 'birthdate']]],
  [
    'nationality XX (no country; any ISO country is fine, issue 26)',
    { nationality: 'XX' },
    [['err_invalid_value', 'nationality']],
  ],
  ['nationality in small letters', { nationality: 'de' }, [['err_invalid_value', 'nationality']]],
  ['nationality of three letters', { nationality: 'DEU' }, [['err_invalid_value', 'nationality']]],
  ['country QQ (no country)', { country: 'QQ' }, [['err_invalid_value', 'country']]],
  ['share above 100 %', { percentage_owned: 1.0001 }, [['err_too_big', 'percentage_owned']]],
  ['negative share', { percentage_owned: -0.01 }, [['err_too_small', 'percentage_owned']]],
  [
    'beneficial owner (no legal signatory) with 0 %',
    { is_legal_signatory: false, is_contract_signatory: false, is_sole_signatory: null, percentage_owned: 0 },
    [['err_too_small', 'percentage_owned']],
  ],
  ['beneficial owner without a share', { percentage_owned: null }, [['err_required', 'percentage_owned']]],
  ['willing to sign without e-mail', { email: null }, [['err_required', 'email']]],
  ['willing to sign without phone', { telephone: '' }, [['err_required', 'telephone']]],
  [
    'willing to sign without e-mail and phone',
    { email: null, telephone: null },
    [
      ['err_required', 'email'],
      ['err_required', 'telephone'],
    ],
  ],
  [
    'legal signatory without "willing to sign"',
    { is_contract_signatory: null },
    [['err_required', 'is_contract_signatory']],
  ],
  ['legal signatory without "can sign alone"', { is_sole_signatory: null }, [['err_required', 'is_sole_signatory']]],
  [
    'legal signatory without both answers',
    { is_contract_signatory: null, is_sole_signatory: null },
    [
      ['err_required', 'is_contract_signatory'],
      ['err_required', 'is_sole_signatory'],
    ],
  ],
  [
    'main contact without phone (not willing to sign)',
    { is_contract_signatory: false, is_main_contact: true, telephone: null },
    [['err_required', 'telephone']],
  ],
  [
    'several rules at once',
    { first_name: null, email: 'x', birthdate: day(1), percentage_owned: 2 },
    [
      ['err_required', 'first_name'],
      ['err_invalid_email', 'email'],
      ['err_birthdate_in_future', 'birthdate'],
      ['err_too_big', 'percentage_owned'],
    ],
  ],
];

describe('POST: every broken field rule is a 400 item; nothing is stored', () => {
  let id: string;
  beforeAll(async () => {
    id = (await createApplication(owner)).applicationId;
    await takeBaseline();
  });

  it.each(CASES)('%s', async (_name, fields, errors, guarded) => {
    // The guard names the field by its path in the body: data.0.<field>.
    const expected = errors.map(([code, field]): [string, string] => [code, guarded ? `data.0.${field}` : field]);
    await expectRefused(() => postRepresentative(owner, id, buildRepresentative(fields)), expected);
  });

  it('an empty representative: every required field at once', async () => {
    await expectRefused(
      () => postRepresentative(owner, id, {}),
      REQUIRED.map((field) => ['err_required', field]),
    );
  });

  it('the limits travel as values (max, min)', async () => {
    const values = async (fields: RepresentativeInput) =>
      errorsOf(await postRepresentative(owner, id, buildRepresentative(fields))).map((e) => [e.code, e.values]);
    expect(await values({ first_name: 'A'.repeat(101) })).toEqual([['err_too_long', { max: 100 }]]);
    expect(await values({ birthdate: day(-17) })).toEqual([['err_person_not_adult', { min: 18 }]]);
    expect(await values({ percentage_owned: 1.5 })).toEqual([['err_too_big', { max: 100 }]]);
  });

  it('values of the wrong type are refused by the shape (400), data must be a list of one', async () => {
    for (const body of [
      { data: [buildRepresentative({ percentage_owned: '0.25' as unknown as number })] },
      { data: [buildRepresentative({ first_name: 42 as unknown as string })] },
      { data: [buildRepresentative({ is_legal_signatory: 'yes' as unknown as boolean })] },
      { data: [] },
      { data: [buildRepresentative(), buildRepresentative()] },
      buildRepresentative(),
    ]) {
      const res = await owner.post(signatoriesPath(id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(await representativesFingerprint(t)).toEqual(baseline.fingerprint);
    }
  });

  it('after every refused request above, no table has changed', nothingChanged);

  it('the limits themselves are accepted (100 characters, 18 today, 0 % for a legal signatory, foreign tax id)', async () => {
    const accepted: RepresentativeInput[] = [
      { first_name: 'A'.repeat(100), last_name: 'B'.repeat(100), position: 'C'.repeat(100) },
      { birthdate: day(-18), taxid: GERMAN_TIN },
      { birthdate: day(-120) },
      { percentage_owned: 0 },
      { percentage_owned: 1 },
      { ...AUSTRIAN, taxid: 'ATU-123/45' },
      { taxid: '860 957 427 19' },
    ];
    for (const fields of accepted) {
      const res = await postRepresentative(owner, id, buildRepresentative(fields));
      signatoryOf(res, 201);
      // Keep the total share at 0 for the next one.
      await t.sql('UPDATE signatories SET percentage_owned = 0 WHERE application_id = $1', [id]);
    }
  });
});

describe('PATCH: the same rules on the sent fields of a stored record; nothing changes', () => {
  let id: string;
  let signatoryId: string;
  beforeAll(async () => {
    id = (await createApplication(owner)).applicationId;
    signatoryId = (await addRepresentative(owner, id)).signatory_id;
    await takeBaseline();
  });

  it.each(CASES)('%s', async (_name, fields, errors) => {
    await expectRefused(() => patchRepresentative(owner, id, signatoryId, fields), errors);
  });

  it('after every refused request above, no table has changed', nothingChanged);

  it('a rule broken before and not touched does not block another change', async () => {
    await t.sql("UPDATE signatories SET street = NULL, position = 'x' WHERE id = $1", [signatoryId]);
    const res = await patchRepresentative(owner, id, signatoryId, { taxid: GERMAN_TIN });
    expect(signatoryOf(res)).toMatchObject({ taxid: GERMAN_TIN, street: null });
    // Sent again, the broken field is judged.
    await takeBaseline();
    await expectRefused(
      () => patchRepresentative(owner, id, signatoryId, { street: '' }),
      [['err_required', 'street']],
    );
  });
});

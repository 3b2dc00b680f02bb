import { describe, expect, it } from 'vitest';
import type { AllowedUpdate } from './applications.js';
import {
  canAddRepresentative,
  canDeleteRepresentative,
  canEditRepresentative,
  canUseShortcut,
  editableFieldGroups,
  FIELD_GROUP_FIELDS,
  FIELD_GROUPS,
  type FieldGroup,
  fieldGroupOf,
  forbiddenChanges,
} from './representative-permissions.js';
import { SIGNATORY_FIELDS, type SignatoryField } from './representative-schemas.js';
import { buildRepresentative } from './test-support/representatives.js';

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

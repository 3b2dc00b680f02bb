import { describe, expect, it } from 'vitest';
import {
  listLimitIssues,
  type RepresentativeListEntry,
  representativeListIssues,
} from './representative-list-rules.js';

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

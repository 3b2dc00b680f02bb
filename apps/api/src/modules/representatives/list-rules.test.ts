import { describe, expect, it } from 'vitest';
import { actionsOf, COMPLETE_SIGNATORY, createApplication, seed, signatoryIds } from '../../test/dashboard.js';
import { errorsOf, expectErrors, useTestApp } from '../../test/harness.js';
import {
  GERMAN_TIN,
  addRepresentative,
  buildRepresentative,
  deleteRepresentative,
  listRepresentatives,
  patchRepresentative,
  postRepresentative,
  setRepresentativesSettings,
  signatoryOf,
  signatoryRows,
} from '../../test/representatives.js';
import { BOOKKEEPING_TABLES, tableDigests } from '../../test/table-digest.js';

/**
 * The list rules of an application's representatives (spec 2 section 5 "List rules"; ADR 014):
 * shares above 100 % in total are a hard limit (400, nothing stored) for a write that raises the
 * total; every other list rule only makes the list incomplete: the write is stored and the rule
 * shows as a pending item. Writes lock the application, so concurrent adds cannot pass 100 %.
 */
const t = await useTestApp();
const { client: owner } = await t.signUp('demo');
setRepresentativesSettings(t, 'demo', { guarantees_required: [], credit_report_provider: null });

const digest = () => tableDigests(t, [...BOOKKEEPING_TABLES, 'demo_registry_companies', 'demo_registry_state']);

/** Someone who holds a share and does nothing else (no legal signatory, not signing). */
const SHAREHOLDER = {
  is_beneficial_owner: false,
  is_legal_signatory: false,
  is_contract_signatory: false,
  is_sole_signatory: null,
} as const;

const tooMuch = (total: number) => ({ code: 'err_share_percentage_greater_then_100', values: { total, max: 100 } });

/** The share of each representative, by first name. */
const sharesOf = async (id: string) =>
  Object.fromEntries((await listRepresentatives(owner, id)).signatories.map((s) => [s.first_name, s.percentage_owned]));

describe('shares above 100 % are refused with 400 and nothing is stored', () => {
  it('POST: 60 % and then 50 %', async () => {
    const { applicationId: id } = await createApplication(owner);
    await addRepresentative(owner, id, { first_name: 'Sixty', percentage_owned: 0.6 });
    const before = await digest();
    const res = await postRepresentative(
      owner,
      id,
      buildRepresentative({ first_name: 'Fifty', percentage_owned: 0.5 }),
    );
    expectErrors(res, 400, [{ code: 'err_share_percentage_greater_then_100', field: 'percentage_owned' }]);
    expect(errorsOf(res)[0]).toMatchObject(tooMuch(110));
    expect(await digest()).toEqual(before);
    // Exactly 100 % is fine, and 0.1 + 0.2 + 0.1 adds up without floating noise.
    await addRepresentative(owner, id, { first_name: 'Ten', percentage_owned: 0.1, ...SHAREHOLDER });
    await addRepresentative(owner, id, { first_name: 'Twenty', percentage_owned: 0.2, ...SHAREHOLDER });
    await addRepresentative(owner, id, { first_name: 'Rest', percentage_owned: 0.1, ...SHAREHOLDER });
    expect(await sharesOf(id)).toEqual({ Sixty: 0.6, Ten: 0.1, Twenty: 0.2, Rest: 0.1 });
    expectErrors(await postRepresentative(owner, id, buildRepresentative({ percentage_owned: 0.0001 })), 400, [
      { code: 'err_share_percentage_greater_then_100', field: 'percentage_owned' },
    ]);
    expect((await signatoryRows(t, id)).length).toBe(4);
  });

  it('PATCH: raising a share past 100 % is refused, up to 100 % is fine', async () => {
    const { applicationId: id } = await createApplication(owner);
    await addRepresentative(owner, id, { first_name: 'Sixty', percentage_owned: 0.6 });
    const other = await addRepresentative(owner, id, { first_name: 'Other', percentage_owned: 0.3, ...SHAREHOLDER });
    const before = await digest();
    const res = await patchRepresentative(owner, id, other.signatory_id, { percentage_owned: 0.5 });
    expectErrors(res, 400, [{ code: 'err_share_percentage_greater_then_100', field: 'percentage_owned' }]);
    expect(errorsOf(res)[0]).toMatchObject(tooMuch(110));
    // Together with an allowed field: the whole request is refused.
    expectErrors(
      await patchRepresentative(owner, id, other.signatory_id, { percentage_owned: 0.41, taxid: GERMAN_TIN }),
      400,
      [{ code: 'err_share_percentage_greater_then_100', field: 'percentage_owned' }],
    );
    expect(await digest()).toEqual(before);
    signatoryOf(await patchRepresentative(owner, id, other.signatory_id, { percentage_owned: 0.4 }));
    expect(await sharesOf(id)).toEqual({ Sixty: 0.6, Other: 0.4 });
  });

  it('a list already over 100 % may still be lowered step by step, never raised', async () => {
    const { applicationId: id } = await createApplication(owner);
    await seed(t, id, {
      signatories: [
        { ...COMPLETE_SIGNATORY, first_name: 'Seventy', percentage_owned: 0.7 },
        { ...COMPLETE_SIGNATORY, first_name: 'Sixty', percentage_owned: 0.6, is_sole_signatory: false },
      ],
    });
    const ids = await signatoryIds(t, id);
    // The limit shows as a pending item meanwhile (seeded in one transaction: in no fixed order).
    const limit = (await actionsOf(owner, id)).signatories_minimum_data?.find(
      (e) => e.code === 'err_share_percentage_greater_then_100',
    );
    expect(limit?.values.slice().sort()).toEqual([ids.Seventy, ids.Sixty].sort());
    // Lowered, still above 100 %: allowed.
    signatoryOf(await patchRepresentative(owner, id, ids.Seventy!, { percentage_owned: 0.65 }));
    // Changes that leave the total alone: allowed.
    signatoryOf(await patchRepresentative(owner, id, ids.Sixty!, { taxid: GERMAN_TIN }));
    signatoryOf(await postRepresentative(owner, id, buildRepresentative({ percentage_owned: 0, ...SHAREHOLDER })), 201);
    // Raised again, or a new share: refused.
    const before = await digest();
    expectErrors(await patchRepresentative(owner, id, ids.Sixty!, { percentage_owned: 0.61 }), 400, [
      { code: 'err_share_percentage_greater_then_100', field: 'percentage_owned' },
    ]);
    expectErrors(await postRepresentative(owner, id, buildRepresentative({ percentage_owned: 0.01 })), 400, [
      { code: 'err_share_percentage_greater_then_100', field: 'percentage_owned' },
    ]);
    expect(await digest()).toEqual(before);
    // Deleting is always possible; then the list is within the limit.
    expect((await deleteRepresentative(owner, id, ids.Sixty!)).statusCode).toBe(204);
    expect((await actionsOf(owner, id)).signatories_minimum_data ?? []).not.toContainEqual(
      expect.objectContaining({ code: 'err_share_percentage_greater_then_100' }),
    );
  });
});

describe('incomplete lists are stored (201) and show as pending items', () => {
  it('one legal signatory who cannot sign alone: signatories_specified until a second signer comes', async () => {
    const { applicationId: id } = await createApplication(owner);
    expect((await actionsOf(owner, id)).signatories_specified).toEqual([{ code: 'err_no_signatories', values: [] }]);
    const joint = await addRepresentative(owner, id, { first_name: 'Joint', is_sole_signatory: false });
    expect((await actionsOf(owner, id)).signatories_specified).toEqual([
      { code: 'err_application_signatories_sole_or_atleast_2', values: [joint.signatory_id] },
    ]);
    // A legal signatory who will not sign does not count.
    const refuser = await addRepresentative(owner, id, {
      first_name: 'Refuser',
      percentage_owned: 0.1,
      is_contract_signatory: false,
      is_sole_signatory: false,
    });
    expect((await actionsOf(owner, id)).signatories_specified).toEqual([
      { code: 'err_application_signatories_sole_or_atleast_2', values: [joint.signatory_id, refuser.signatory_id] },
    ]);
    signatoryOf(await patchRepresentative(owner, id, refuser.signatory_id, { is_contract_signatory: true }));
    expect((await actionsOf(owner, id)).signatories_specified).toBeUndefined();
  });

  it('a beneficial owner with 18 %: signatories_minimum_data names that person', async () => {
    const { applicationId: id } = await createApplication(owner);
    await addRepresentative(owner, id, { first_name: 'Main', percentage_owned: 0.6 });
    const small = await addRepresentative(owner, id, {
      ...SHAREHOLDER,
      first_name: 'Small',
      is_beneficial_owner: true,
      percentage_owned: 0.18,
    });
    const actions = await actionsOf(owner, id);
    expect(actions.signatories_specified).toBeUndefined();
    expect(actions.signatories_minimum_data).toEqual([
      { code: 'err_beneficial_owner_share_too_small', values: [small.signatory_id] },
    ]);
    signatoryOf(await patchRepresentative(owner, id, small.signatory_id, { is_beneficial_owner: false }));
    expect((await actionsOf(owner, id)).signatories_minimum_data).toBeUndefined();
  });

  it('guarantors holding 50 % where the product requires guarantees: the shareholders who do not sign', async () => {
    setRepresentativesSettings(t, 'demo', { guarantees_required: ['general_liquidity'] });
    try {
      const { applicationId: id } = await createApplication(owner);
      await addRepresentative(owner, id, { first_name: 'Signer', percentage_owned: 0.5 });
      const silent = await addRepresentative(owner, id, {
        ...SHAREHOLDER,
        first_name: 'Silent',
        percentage_owned: 0.5,
      });
      expect((await listRepresentatives(owner, id)).guarantees_required).toBe(true);
      expect((await actionsOf(owner, id)).signatories_minimum_data).toEqual([
        { code: 'err_guarantors_share_too_small', values: [silent.signatory_id] },
      ]);
      signatoryOf(await patchRepresentative(owner, id, silent.signatory_id, { is_contract_signatory: true }));
      expect((await actionsOf(owner, id)).signatories_minimum_data).toBeUndefined();
    } finally {
      setRepresentativesSettings(t, 'demo', { guarantees_required: [] });
    }
  });

  it('a representative with missing data that the API no longer accepts shows as err_signatory_data_missing', async () => {
    const { applicationId: id } = await createApplication(owner);
    const person = await addRepresentative(owner, id);
    await t.sql('UPDATE signatories SET street = NULL WHERE id = $1', [person.signatory_id]);
    expect((await actionsOf(owner, id)).signatories_minimum_data).toEqual([
      { code: 'err_signatory_data_missing', values: [person.signatory_id] },
    ]);
  });
});

describe('concurrent writes of one application', () => {
  it('two adds of 60 % and 50 % at once store at most one (five rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      const { applicationId: id } = await createApplication(owner);
      const results = await Promise.all([
        postRepresentative(owner, id, buildRepresentative({ first_name: 'Sixty', percentage_owned: 0.6 })),
        postRepresentative(owner, id, buildRepresentative({ first_name: 'Fifty', percentage_owned: 0.5 })),
      ]);
      expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([201, 400]);
      const refused = results.find((r) => r.statusCode === 400)!;
      expect(errorsOf(refused).map((e) => e.code)).toEqual(['err_share_percentage_greater_then_100']);
      const rows = await signatoryRows(t, id);
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]!.percentage_owned)).toBeLessThanOrEqual(1);
    }
  });

  it('a raise and an add at once: at most one of them (five rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      const { applicationId: id } = await createApplication(owner);
      const first = await addRepresentative(owner, id, { first_name: 'First', percentage_owned: 0.4 });
      const results = await Promise.all([
        patchRepresentative(owner, id, first.signatory_id, { percentage_owned: 0.6 }),
        postRepresentative(owner, id, buildRepresentative({ first_name: 'Second', percentage_owned: 0.5 })),
      ]);
      expect(results.map((r) => r.statusCode).filter((s) => s === 400).length).toBeGreaterThanOrEqual(1);
      const total = (await signatoryRows(t, id)).reduce((sum, r) => sum + Number(r.percentage_owned ?? 0), 0);
      expect(Math.round(total * 10_000)).toBeLessThanOrEqual(10_000);
    }
  });
});

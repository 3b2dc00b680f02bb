import { describe, expect, it } from 'vitest';
import { FINANCE_OBJECT_FIELDS } from '@finportal/contracts/finance-object-rules';
import { actionsOf } from '../../test/dashboard.js';
import {
  addObject,
  alpenObjectFinancing,
  buildFinanceObject,
  deleteObject,
  listObjects,
  objectAudits,
  objectOf,
  objectsState,
  postObject,
  putObject,
} from '../../test/finance-objects.js';
import { errorsOf, expectErrors, useTestApp } from '../../test/harness.js';

/**
 * GET/POST/PUT/DELETE /user/applications/{id}/finance_objects (spec 2 sections 3, 5, 7 and 9;
 * issue 12; ADR 016): what is stored, every rule with bad input (400 naming field and code,
 * nothing stored), the partner's maximum (also under concurrent adds), the audit trail and the
 * objects' pending item. Who may call them: finance-objects-access.test.ts.
 */
const t = await useTestApp();
const { client: owner, user: ownerUser } = await t.signUp('alpen');
const form = t.ctx.partners.get('alpen')!.dynamic_form!;

describe('list, add, replace and delete', () => {
  it('stores trimmed texts and answers every field of spec 2 section 3; the pending item follows', async () => {
    const id = await alpenObjectFinancing(owner, form);
    expect(await listObjects(owner, id)).toEqual({ result: [], max_finance_objects: 6, is_editable: true });
    expect((await actionsOf(owner, id)).finance_objects).toEqual([{ code: 'err_finance_objects_missing', values: [] }]);

    const added = await addObject(owner, id, { manufacturer: '  Trumpf ', detail_desc: '', merchant_company_id: null });
    expect(Object.keys(added).sort()).toEqual(['finance_object_id', ...FINANCE_OBJECT_FIELDS].sort());
    expect(added).toMatchObject({
      manufacturer: 'Trumpf',
      detail_desc: null,
      net_purchase_price: 250_000.5,
      down_payment: 25_000,
      built_at: 2024,
      expected_delivery_date: '2026-09-30',
      financing_type: 'leasing',
      is_fixed_interest: true,
      merchant_country: 'DE',
    });
    expect((await listObjects(owner, id)).result).toEqual([added]);
    expect((await actionsOf(owner, id)).finance_objects).toBeUndefined();

    // PUT replaces every field: the optional ones left out are cleared.
    const { built_at: _b, detail_desc: _d, expected_delivery_date: _e, ...required } = buildFinanceObject();
    const replaced = objectOf(
      await putObject(owner, id, added.finance_object_id, { ...required, object_count: 3, rental_state: 'b2c' }),
    );
    expect(replaced).toEqual({
      ...added,
      manufacturer: 'Trumpf',
      built_at: null,
      detail_desc: null,
      expected_delivery_date: null,
      object_count: 3,
      rental_state: 'b2c',
    });
    expect((await listObjects(owner, id)).result).toEqual([replaced]);

    const second = await addObject(owner, id, { type: 'Second' });
    expect((await listObjects(owner, id)).result.map((o) => o.type)).toEqual(['TruLaser 3030', 'Second']);
    expect((await deleteObject(owner, id, added.finance_object_id)).statusCode).toBe(204);
    expect((await listObjects(owner, id)).result).toEqual([second]);
    expect((await deleteObject(owner, id, added.finance_object_id)).statusCode).toBe(404);
    expect((await deleteObject(owner, id, second.finance_object_id)).statusCode).toBe(204);
    expect((await actionsOf(owner, id)).finance_objects).toEqual([{ code: 'err_finance_objects_missing', values: [] }]);

    const audits = await objectAudits(t, id);
    expect(audits.map((a) => a.action)).toEqual([
      'finance_object.added',
      'finance_object.updated',
      'finance_object.added',
      'finance_object.deleted',
      'finance_object.deleted',
    ]);
    expect(audits.every((a) => a.user_id === ownerUser.userId)).toBe(true);
    // Only the fields that changed, before and after (the description was empty and stays so).
    expect(audits[1]!.data).toEqual({
      application_id: id,
      before: { built_at: 2024, expected_delivery_date: '2026-09-30', object_count: 1, rental_state: 'no' },
      after: { built_at: null, expected_delivery_date: null, object_count: 3, rental_state: 'b2c' },
    });
    expect(audits[0]!.data).toMatchObject({ application_id: id, after: { manufacturer: 'Trumpf' } });
  });

  it('PUT and DELETE of an id that is not an object of this application: 404, nothing changed', async () => {
    const id = await alpenObjectFinancing(owner, form);
    const other = await alpenObjectFinancing(owner, form);
    const foreign = await addObject(owner, other);
    const before = [await objectsState(t, id), await objectsState(t, other)];
    for (const objectId of [foreign.finance_object_id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await putObject(owner, id, objectId, buildFinanceObject())).statusCode).toBe(404);
      expect((await deleteObject(owner, id, objectId)).statusCode).toBe(404);
    }
    expect([await objectsState(t, id), await objectsState(t, other)]).toEqual(before);
  });
});

describe('the rules of spec 2 section 5: 400 naming field and code, nothing stored', () => {
  const cases: [string, Record<string, unknown>, { code: string; field: string }[]][] = [
    [
      'required fields missing',
      { manufacturer: null, type: '  ', net_purchase_price: undefined },
      [
        { code: 'err_required', field: 'manufacturer' },
        { code: 'err_required', field: 'type' },
        { code: 'err_required', field: 'net_purchase_price' },
      ],
    ],
    [
      'the merchant fields missing',
      {
        merchant_name: '',
        merchant_street: null,
        merchant_house_num: null,
        merchant_city: '',
        merchant_postcode: null,
        merchant_country: null,
      },
      [
        { code: 'err_required', field: 'merchant_name' },
        { code: 'err_required', field: 'merchant_street' },
        { code: 'err_required', field: 'merchant_house_num' },
        { code: 'err_required', field: 'merchant_city' },
        { code: 'err_required', field: 'merchant_postcode' },
        { code: 'err_required', field: 'merchant_country' },
      ],
    ],
    [
      'down payment, remaining value, count, financing and rental missing',
      {
        down_payment: null,
        remaining_value: null,
        object_count: null,
        financing_type: null,
        rental_state: null,
        is_fixed_interest: null,
      },
      [
        { code: 'err_required', field: 'down_payment' },
        { code: 'err_required', field: 'remaining_value' },
        { code: 'err_required', field: 'object_count' },
        { code: 'err_required', field: 'financing_type' },
        { code: 'err_required', field: 'rental_state' },
        { code: 'err_required', field: 'is_fixed_interest' },
      ],
    ],
    ['year 1850', { built_at: 1850 }, [{ code: 'err_object_year_range', field: 'built_at' }]],
    ['year 2051', { built_at: 2051 }, [{ code: 'err_object_year_range', field: 'built_at' }]],
    ['count 21', { object_count: 21 }, [{ code: 'err_object_count_range', field: 'object_count' }]],
    ['count 0', { object_count: 0 }, [{ code: 'err_object_count_range', field: 'object_count' }]],
    [
      'amounts above the price',
      { net_purchase_price: 1000, down_payment: 1000.01, remaining_value: 5000 },
      [
        { code: 'err_amount_above_price', field: 'down_payment' },
        { code: 'err_amount_above_price', field: 'remaining_value' },
      ],
    ],
    ['a negative amount', { down_payment: -1 }, [{ code: 'err_too_small', field: 'down_payment' }]],
    [
      'an amount above 999999999',
      { net_purchase_price: 1_000_000_000 },
      [{ code: 'err_too_big', field: 'net_purchase_price' }],
    ],
    ['three decimals', { remaining_value: 10.123 }, [{ code: 'err_too_many_decimals', field: 'remaining_value' }]],
    [
      'a delivery date in DD.MM.YYYY',
      { expected_delivery_date: '30.09.2026' },
      [{ code: 'err_date_invalid', field: 'expected_delivery_date' }],
    ],
    [
      'no such day',
      { expected_delivery_date: '2026-02-30' },
      [{ code: 'err_date_invalid', field: 'expected_delivery_date' }],
    ],
    [
      'texts too long',
      { manufacturer: 'M'.repeat(101), merchant_street: 'S'.repeat(31) },
      [
        { code: 'err_too_long', field: 'manufacturer' },
        { code: 'err_too_long', field: 'merchant_street' },
      ],
    ],
    [
      'a German postcode of 4 digits',
      { merchant_postcode: '7056' },
      [{ code: 'err_invalid_postcode', field: 'merchant_postcode' }],
    ],
    [
      'a country not ISO or not the partner’s',
      { merchant_country: 'Deutschland' },
      [{ code: 'err_invalid_value', field: 'merchant_country' }],
    ],
    [
      'a code that names no country (any ISO country is fine, issue 26)',
      { merchant_country: 'XX', merchant_postcode: '75001' },
      [{ code: 'err_invalid_value', field: 'merchant_country' }],
    ],
    ['an unknown financing type', { financing_type: 'rent' }, [{ code: 'err_invalid_value', field: 'financing_type' }]],
    ['a year as text', { built_at: '1990' }, [{ code: 'err_invalid_value', field: 'built_at' }]],
    [
      'a company link that is no id',
      { merchant_company_id: 'abc' },
      [{ code: 'err_invalid_value', field: 'merchant_company_id' }],
    ],
  ];

  it.each(cases)('%s', async (_, overrides, errors) => {
    const id = await alpenObjectFinancing(owner, form);
    const before = await objectsState(t, id);
    expectErrors(await postObject(owner, id, { ...buildFinanceObject(), ...overrides }), 400, errors);
    expect(await objectsState(t, id)).toBe(before);
    // The same body replacing a stored object is refused too, and the object stays as it was.
    const stored = await addObject(owner, id);
    const after = await objectsState(t, id);
    expectErrors(
      await putObject(owner, id, stored.finance_object_id, { ...buildFinanceObject(), ...overrides }),
      400,
      errors,
    );
    expect(await objectsState(t, id)).toBe(after);
  });

  it('year 1850 is refused with the range, then 1990 is accepted', async () => {
    const id = await alpenObjectFinancing(owner, form);
    const refused = await postObject(owner, id, buildFinanceObject({ built_at: 1850 }));
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)).toEqual([
      { code: 'err_object_year_range', field: 'built_at', values: { min: 1900, max: 2050 } },
    ]);
    expect((await listObjects(owner, id)).result).toEqual([]);
    expect((await addObject(owner, id, { built_at: 1990 })).built_at).toBe(1990);
  });

  it('control characters in every text field are refused', async () => {
    const id = await alpenObjectFinancing(owner, form);
    const before = await objectsState(t, id);
    const texts = FINANCE_OBJECT_FIELDS.filter(
      (f) =>
        ![
          'built_at',
          'net_purchase_price',
          'down_payment',
          'remaining_value',
          'object_count',
          'is_fixed_interest',
          'financing_type',
          'rental_state',
        ].includes(f),
    );
    expect(texts).toHaveLength(11);
    for (const field of texts) {
      for (const bad of ['\u0000', '\u001b', '\u202E', '\u0085']) {
        const res = await postObject(owner, id, { ...buildFinanceObject(), [field]: `Ab${bad}c` });
        expect(res.statusCode, `${field} ${JSON.stringify(bad)}`).toBe(400);
        expect(
          errorsOf(res).map((e) => [e.field, e.code]),
          `${field} ${JSON.stringify(bad)}`,
        ).toContainEqual([field, 'err_invalid_characters']);
      }
    }
    expect(await objectsState(t, id)).toBe(before);
  });
});

describe("the partner's maximum", () => {
  it('the seventh object is refused naming the maximum; a partner setting of 3 refuses the fourth', async () => {
    const id = await alpenObjectFinancing(owner, form);
    for (let i = 0; i < 6; i++) await addObject(owner, id, { type: `Machine ${i + 1}` });
    const before = await objectsState(t, id);
    const seventh = await postObject(owner, id, buildFinanceObject());
    expect(seventh.statusCode, seventh.body).toBe(409);
    expect(errorsOf(seventh)).toEqual([{ code: 'err_finance_objects_max', values: { max: 6 } }]);
    expect(await objectsState(t, id)).toBe(before);
    // Replacing one of the six is no add.
    const [first] = (await listObjects(owner, id)).result;
    expect(
      (await putObject(owner, id, first!.finance_object_id, buildFinanceObject({ type: 'Changed' }))).statusCode,
    ).toBe(200);

    const alpen = t.ctx.partners.get('alpen')!;
    alpen.max_finance_objects = 3;
    try {
      const small = await alpenObjectFinancing(owner, form);
      for (let i = 0; i < 3; i++) await addObject(owner, small);
      expect((await listObjects(owner, small)).max_finance_objects).toBe(3);
      const fourth = await postObject(owner, small, buildFinanceObject());
      expect(errorsOf(fourth)).toEqual([{ code: 'err_finance_objects_max', values: { max: 3 } }]);
    } finally {
      alpen.max_finance_objects = 6;
    }
  });

  it('two adds at once at 5 objects: exactly one 201 (three rounds)', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await alpenObjectFinancing(owner, form);
      for (let i = 0; i < 5; i++) await addObject(owner, id);
      const results = await Promise.all([
        postObject(owner, id, buildFinanceObject({ type: 'Left' })),
        postObject(owner, id, buildFinanceObject({ type: 'Right' })),
      ]);
      expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([201, 409]);
      expect((await listObjects(owner, id)).result).toHaveLength(6);
    }
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { createApplication, seed } from '../../test/dashboard.js';
import {
  addObject,
  alpenObjectFinancing,
  buildFinanceObject,
  deleteObject,
  listObjects,
  objectsPath,
  objectsState,
  postObject,
  putObject,
  setStatus,
} from '../../test/finance-objects.js';
import { errorsOf, expectError, useTestApp, type TestClient, type TestResponse } from '../../test/harness.js';
import { alpenWorkingCapital } from '../../test/representatives.js';
import { tableDigests } from '../../test/table-digest.js';

/**
 * Who may call the finance objects routes, and when (issue 12; ADR 016): the applicant edits
 * while Open or PreCheck, an accepted signatory reads, strangers of the same and of another
 * partner get 404 on every route and nobody 401; applications that are not object financing
 * answer 409; a merchant company link must be the applicant's own or a portfolio company.
 */
const t = await useTestApp();
const [{ client: owner }, { client: borrowerB }, { client: signer, user: signerUser }, { client: other }] =
  await Promise.all([
    t.signUp('alpen'),
    t.signUp('alpen', { ip: '10.0.12.2' }),
    t.signUp('alpen', { ip: '10.0.12.3' }),
    t.signUp('demo', { ip: '10.0.12.4' }),
  ]);
const nobody = t.client('alpen', { ip: '10.0.12.5' });
const form = t.ctx.partners.get('alpen')!.dynamic_form!;

/** Every route of the module on `objectId` of application `id`: [label, call]. */
const everyRoute = (id: string, objectId: string) =>
  [
    ['GET', (c: TestClient) => c.get(objectsPath(id))],
    ['POST', (c: TestClient) => postObject(c, id, buildFinanceObject())],
    ['PUT', (c: TestClient) => putObject(c, id, objectId, buildFinanceObject({ type: 'Changed' }))],
    ['DELETE', (c: TestClient) => deleteObject(c, id, objectId)],
  ] as const satisfies readonly (readonly [string, (c: TestClient) => Promise<TestResponse>])[];

describe('strangers', () => {
  let id: string;
  let objectId: string;

  beforeAll(async () => {
    id = await alpenObjectFinancing(owner, form);
    objectId = (await addObject(owner, id)).finance_object_id;
    // The strangers have object-financing applications of their own.
    await alpenObjectFinancing(borrowerB, form);
  });

  it('borrower B of the same partner and a borrower of another partner get 404 on every route, nobody 401, nothing changed', async () => {
    const before = await tableDigests(t);
    for (const [label, call] of everyRoute(id, objectId)) {
      for (const [who, client, status] of [
        ['borrower B', borrowerB, 404],
        ['another partner', other, 404],
        ['nobody', nobody, 401],
      ] as const) {
        const res = await call(client);
        expect(res.statusCode, `${label} ${who}: ${res.body}`).toBe(status);
        if (status === 404) expect(errorsOf(res)[0]?.code).toBe('err_entity_not_found');
      }
    }
    expect(await tableDigests(t)).toEqual(before);
    expect((await listObjects(owner, id)).result.map((o) => o.finance_object_id)).toEqual([objectId]);
  });

  it("B's own application does not reach A's object by its id", async () => {
    const ofB = await alpenObjectFinancing(borrowerB, form);
    const before = await objectsState(t, id);
    expect((await putObject(borrowerB, ofB, objectId, buildFinanceObject())).statusCode).toBe(404);
    expect((await deleteObject(borrowerB, ofB, objectId)).statusCode).toBe(404);
    expect(await objectsState(t, id)).toBe(before);
  });
});

describe('an accepted signatory', () => {
  it('reads the objects (not editable) and may not add, change or delete them', async () => {
    const id = await alpenObjectFinancing(owner, form);
    const object = await addObject(owner, id);
    await seed(t, id, { signatories: [{ first_name: 'Signer', user_email: signerUser.email }] });
    expect(await listObjects(signer, id)).toEqual({ result: [object], max_finance_objects: 6, is_editable: false });
    const before = await objectsState(t, id);
    for (const [label, call] of everyRoute(id, object.finance_object_id).slice(1)) {
      const res = await call(signer);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(403);
      expect(errorsOf(res)).toEqual([{ code: 'err_no_permission' }]);
    }
    expect(await objectsState(t, id)).toBe(before);
  });
});

describe('the status', () => {
  it('PreCheck still allows every change; after it (Submitted, Signature, Rejected) only reading, nothing changed', async () => {
    const id = await alpenObjectFinancing(owner, form);
    const first = await addObject(owner, id);
    await setStatus(t, id, 'PreCheck');
    expect((await listObjects(owner, id)).is_editable).toBe(true);
    const second = await addObject(owner, id, { type: 'In PreCheck' });
    expect(
      (await putObject(owner, id, second.finance_object_id, buildFinanceObject({ type: 'Edited' }))).statusCode,
    ).toBe(200);
    expect((await deleteObject(owner, id, second.finance_object_id)).statusCode).toBe(204);

    for (const status of ['Submitted', 'Signature', 'Rejected']) {
      await setStatus(t, id, status);
      const before = await objectsState(t, id);
      const listed = await listObjects(owner, id);
      expect(listed).toEqual({ result: [first], max_finance_objects: 6, is_editable: false });
      for (const [label, call] of everyRoute(id, first.finance_object_id).slice(1)) {
        const res = await call(owner);
        expect(res.statusCode, `${status} ${label}: ${res.body}`).toBe(403);
        expect(errorsOf(res)).toEqual([{ code: 'err_no_permission' }]);
      }
      expect(await objectsState(t, id), status).toBe(before);
    }
  });
});

describe('applications that are not object financing', () => {
  it('answer 409 err_finance_objects_not_applicable on every route (alpen working capital, demo)', async () => {
    const alpenWcl = await alpenWorkingCapital(owner, form);
    const { client: demoOwner } = await t.signUp('demo', { ip: '10.0.12.6' });
    const demoApp = (await createApplication(demoOwner)).applicationId;
    await seed(t, demoApp, { finance_objects: 1 });
    const [stored] = await t.sql<{ id: string }>('SELECT id FROM finance_objects WHERE application_id = $1', [demoApp]);
    const before = await tableDigests(t);
    for (const [client, id] of [
      [owner, alpenWcl],
      [demoOwner, demoApp],
    ] as const) {
      for (const [label, call] of everyRoute(id, stored!.id)) {
        const res = await call(client);
        expect(res.statusCode, `${label}: ${res.body}`).toBe(409);
        expect(errorsOf(res)).toEqual([{ code: 'err_finance_objects_not_applicable' }]);
      }
    }
    expect(await tableDigests(t)).toEqual(before);
  });
});

describe('the merchant company', () => {
  it("links the applicant's own company; another borrower's or an unknown company is 404 on the field", async () => {
    const id = await alpenObjectFinancing(owner, form);
    const [own] = await t.sql<{ id: string }>('SELECT company_id AS id FROM applications WHERE id = $1', [id]);
    const linked = await addObject(owner, id, { merchant_company_id: own!.id });
    expect(linked.merchant_company_id).toBe(own!.id);

    const ofB = await alpenObjectFinancing(borrowerB, form);
    const [foreign] = await t.sql<{ id: string }>('SELECT company_id AS id FROM applications WHERE id = $1', [ofB]);
    const before = await objectsState(t, id);
    for (const companyId of [foreign!.id, '00000000-0000-4000-8000-000000000000']) {
      expectError(
        await postObject(owner, id, buildFinanceObject({ merchant_company_id: companyId })),
        404,
        'err_company_not_found',
        'merchant_company_id',
      );
      expectError(
        await putObject(owner, id, linked.finance_object_id, buildFinanceObject({ merchant_company_id: companyId })),
        404,
        'err_company_not_found',
        'merchant_company_id',
      );
    }
    expect(await objectsState(t, id)).toBe(before);
  });

  it("links a portfolio company of the partner, not one of another partner's portfolio", async () => {
    const id = await alpenObjectFinancing(owner, form);
    const portfolio = async (partner: string) =>
      (
        await t.sql<{ id: string }>(
          "INSERT INTO companies (partner_id, name, country) VALUES ($1, 'Portfolio Maschinen AG', 'DE') RETURNING id",
          [partner],
        )
      )[0]!.id;
    const [ofAlpen, ofDemo] = [await portfolio('alpen'), await portfolio('demo')];
    expect((await addObject(owner, id, { merchant_company_id: ofAlpen })).merchant_company_id).toBe(ofAlpen);
    const before = await objectsState(t, id);
    expectError(
      await postObject(owner, id, buildFinanceObject({ merchant_company_id: ofDemo })),
      404,
      'err_company_not_found',
      'merchant_company_id',
    );
    expect(await objectsState(t, id)).toBe(before);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import {
  registerPersonsResponse,
  representativeFromRegister,
  type RegisterPersonsResponse,
} from '@finportal/contracts/representative-register';
import type { RepresentativeInput } from '@finportal/contracts/representative-schemas';
import { buildApplication, createdApplication } from '../../test/application-factories.js';
import { createApplication } from '../../test/dashboard.js';
import { useTestApp } from '../../test/harness.js';
import {
  addRepresentative,
  buildRepresentative,
  postRepresentative,
  setRepresentativesSettings,
  signatoryOf,
} from '../../test/representatives.js';

/**
 * GET /user/applications/{id}/register_persons (issue 10, "Add from the register"): the people the
 * company register knows for the application's company, when the company came from the register
 * (here the real demo registry and its fixed company DEMO-DE-000001), each marked once a
 * representative of that name (and birth date) is on the list.
 */
const t = await useTestApp();
const { client: owner } = await t.signUp('demo');
setRepresentativesSettings(t, 'demo', { guarantees_required: [], credit_report_provider: null });

async function registerPersons(applicationId: string): Promise<RegisterPersonsResponse> {
  const res = await owner.get(`/user/applications/${applicationId}/register_persons`);
  expect(res.statusCode, res.body).toBe(200);
  return registerPersonsResponse.strict().parse(res.json());
}

const added = async (applicationId: string) =>
  Object.fromEntries(
    (await registerPersons(applicationId)).persons.map((p) => [`${p.first_name} ${p.last_name}`, p.already_added]),
  );

/** Musterbau Schmidt GmbH as the demo registry publishes its people. */
const MUSTERBAU_PEOPLE = [
  {
    person_id: 'DEMO-DE-000001-P1',
    first_name: 'Thomas',
    last_name: 'Schmidt',
    roles: ['managing_director', 'shareholder'],
    representation: 'alone',
    birthdate: '1968-03-12',
    percentage_owned: 0.6,
    already_added: false,
  },
  {
    person_id: 'DEMO-DE-000001-P2',
    first_name: 'Sabine',
    last_name: 'Schmidt',
    roles: ['managing_director', 'shareholder'],
    representation: 'jointly',
    birthdate: '1971-07-04',
    percentage_owned: 0.22,
    already_added: false,
  },
  {
    person_id: 'DEMO-DE-000001-P3',
    first_name: 'Anna',
    last_name: 'Berger',
    roles: ['shareholder'],
    representation: null,
    birthdate: '1985-11-30',
    percentage_owned: 0.18,
    already_added: false,
  },
];

describe('a company from the demo registry (DEMO-DE-000001 Musterbau Schmidt GmbH)', () => {
  let id: string;

  beforeAll(async () => {
    const app = await createdApplication(owner, buildApplication({ external_provider_company_id: 'DEMO-DE-000001' }));
    expect(app.status).toBe('Open');
    id = app.applicationId;
    const [company] = await t.sql('SELECT name, external_provider_name FROM companies WHERE id = $1', [app.company_id]);
    expect(company).toEqual({ name: 'Musterbau Schmidt GmbH', external_provider_name: 'demo_registry' });
  });

  it('answers the three fixed people with roles, power of representation, birth dates and shares', async () => {
    expect(await registerPersons(id)).toEqual({ source: 'demo_registry', persons: MUSTERBAU_PEOPLE });
  });

  it('already_added becomes true for Thomas Schmidt once he is added from the register', async () => {
    const { persons } = await registerPersons(id);
    const thomas = persons.find((p) => p.first_name === 'Thomas')!;
    // What "Add from the register" fills in, completed by the customer.
    const prefilled = representativeFromRegister(thomas) as RepresentativeInput;
    expect(prefilled).toMatchObject({ is_legal_signatory: true, is_sole_signatory: true, is_beneficial_owner: true });
    const created = signatoryOf(await postRepresentative(owner, id, buildRepresentative(prefilled)), 201);
    expect(created).toMatchObject({
      first_name: 'Thomas',
      last_name: 'Schmidt',
      birthdate: '1968-03-12',
      percentage_owned: 0.6,
    });
    expect(await added(id)).toEqual({ 'Thomas Schmidt': true, 'Sabine Schmidt': false, 'Anna Berger': false });
  });

  it('the name is matched without case and spaces; a different birth date is another person', async () => {
    await addRepresentative(owner, id, {
      first_name: ' anna ',
      last_name: 'BERGER',
      birthdate: '1985-11-30',
      percentage_owned: 0.18,
      is_beneficial_owner: false,
    });
    await addRepresentative(owner, id, {
      first_name: 'Sabine',
      last_name: 'Schmidt',
      birthdate: '1990-01-01',
      percentage_owned: 0,
      is_beneficial_owner: false,
    });
    expect(await added(id)).toEqual({ 'Thomas Schmidt': true, 'Sabine Schmidt': false, 'Anna Berger': true });
  });
});

describe('a company not found through the current register', () => {
  it('typed by hand: { source: null, persons: [] }', async () => {
    const { applicationId } = await createApplication(owner);
    expect(await registerPersons(applicationId)).toEqual({ source: null, persons: [] });
  });

  it('found through another provider than the one configured now: { source: null, persons: [] }', async () => {
    const app = await createdApplication(owner, buildApplication({ external_provider_company_id: 'DEMO-DE-000003' }));
    expect((await registerPersons(app.applicationId)).persons.map((p) => [p.last_name, p.percentage_owned])).toEqual([
      ['Schönberger', 1],
    ]);
    await t.sql("UPDATE companies SET external_provider_name = 'other_registry' WHERE id = $1", [app.company_id]);
    expect(await registerPersons(app.applicationId)).toEqual({ source: null, persons: [] });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApplication, CreateApplicationRequest } from '@finportal/contracts/offers';
import { buildApplication, buildFactoringApplication } from '../../test/application-factories.js';
import { createTestApp, registerAndConfirm, type TestApp, type TestClient } from '../../test/harness.js';

/**
 * Issue 9 finding 2: a rejection's message quotes the partner's limits ("outside the possible range
 * ({{min}} to {{max}} months)"), so the API sends them with the reason (`rejection_values`).
 */
let t: TestApp;
let demo: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  demo = t.client('demo');
  await registerAndConfirm(demo);
});

afterAll(async () => {
  await t?.close();
});

async function created(body: CreateApplicationRequest): Promise<CreatedApplication> {
  const res = await demo.post('/user/applications', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ application: CreatedApplication }>().application;
}

describe('rejection_values (demo partner limits)', () => {
  it('duration: the range in months, also on the application overview', async () => {
    const app = await created(buildApplication({ loanDuration: 96 }));
    expect(app).toMatchObject({
      rejection_reason: 'err_loan_duration_not_allowed',
      rejection_values: { min: 12, max: 84 },
    });
    const overview = await demo.get(`/user/applications/${app.applicationId}`);
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json<{ application: object }>().application).toMatchObject({
      rejection_reason: 'err_loan_duration_not_allowed',
      rejection_values: { min: 12, max: 84 },
    });
  });

  it('amount: the range of the loan type, with the currency', async () => {
    const app = await created(buildApplication({ loanSize: 1_500_000 }));
    expect(app).toMatchObject({
      rejection_reason: 'err_loan_amount_not_allowed',
      rejection_values: { min: 15_000, max: 1_000_000, currency: 'EUR' },
    });
  });

  it('factoring limit: the range, with the currency', async () => {
    const app = await created(buildFactoringApplication({ factoring_limit: 3_000_000 }));
    expect(app).toMatchObject({
      rejection_reason: 'err_factoring_limit_not_allowed',
      rejection_values: { min: 10_000, max: 2_000_000, currency: 'EUR' },
    });
  });

  it('null for a reason that quotes nothing, and for an eligible application', async () => {
    expect((await created(buildApplication({ companyType: 'GBR' }))).rejection_values).toBeNull();
    const open = await created(buildApplication());
    expect(open.rejection_values).toBeNull();
    expect(
      (await demo.get(`/user/applications/${open.applicationId}`)).json<{ application: object }>().application,
    ).toMatchObject({
      rejection_values: null,
    });
  });
});

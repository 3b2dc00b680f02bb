import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationResponse, applicationSchema, type Application } from '@finportal/contracts/applications';
import type { CreatedApplication } from '@finportal/contracts/offers';
import { buildApplication, buildFactoringApplication } from '../../test/application-factories.js';
import { createApplication, pendingOf, seed } from '../../test/dashboard.js';
import { createTestApp, registerAndConfirm, type TestApp, type TestClient } from '../../test/harness.js';

/**
 * GET /user/applications/{id} and next_status_validate for a closed (Rejected) application: the
 * reason it closed and nothing left to do (issue 9, finding 8); and the indicative offer on the
 * overview (finding 9): the pricing of a loan, the fee of a factoring limit, as the result page
 * showed them.
 */
let t: TestApp;
let confirmed: TestClient;
let unconfirmed: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  confirmed = t.client('demo', { ip: '10.0.9.1' });
  unconfirmed = t.client('demo', { ip: '10.0.9.2' });
  await registerAndConfirm(confirmed);
  await registerAndConfirm(unconfirmed, {}, { confirm: false });
});

afterAll(async () => {
  await t?.close();
});

async function overviewOf(client: TestClient, id: string): Promise<Application> {
  const res = await client.get(`/user/applications/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  // Every field of the contract, and nothing else.
  return applicationResponse.extend({ application: applicationSchema.strict() }).strict().parse(res.json()).application;
}

async function createRejected(client: TestClient): Promise<CreatedApplication> {
  // The demo partner excludes the GbR: the offer engine rejects with err_company_type_not_allowed.
  const res = await client.post(
    '/user/applications',
    buildApplication({ companyType: 'GBR', companyName: 'Nein GbR' }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<{ application: CreatedApplication }>().application;
  expect(created).toMatchObject({ status: 'Rejected', rejection_reason: 'err_company_type_not_allowed' });
  return created;
}

describe('a closed application', () => {
  it('the overview carries the rejection reason, no offer and no permissions', async () => {
    const rejected = await createRejected(confirmed);
    const app = await overviewOf(confirmed, rejected.applicationId);
    expect(app).toMatchObject({
      status: 'Rejected',
      rejection_reason: 'err_company_type_not_allowed',
      pricing: null,
      allowed_updates: [],
    });
  });

  it('has nothing pending, not even the e-mail verification of an unconfirmed user', async () => {
    const rejected = await createRejected(unconfirmed);
    expect(await pendingOf(unconfirmed, rejected.applicationId)).toEqual({ pending_actions: [], next_status: null });
    // The same user's open application still asks for the e-mail (and everything else).
    const open = await createApplication(unconfirmed);
    const pending = await pendingOf(unconfirmed, open.applicationId);
    expect(pending.next_status).toBe('Submitted');
    expect(pending.pending_actions.map((a) => a.action)).toContain('email_verification');
    expect(pending.pending_actions.map((a) => a.action)).toContain('bank_information');
  });

  it('closed later by the back office: nothing pending, the stored offer is no longer shown', async () => {
    const created = await createApplication(unconfirmed);
    expect(created.pricing).not.toBeNull();
    await seed(t, created.applicationId, { status: 'Rejected' });
    const app = await overviewOf(unconfirmed, created.applicationId);
    // No eligibility rule failed: no reason code (the overview shows a general closing text).
    expect(app).toMatchObject({ status: 'Rejected', rejection_reason: null, pricing: null, allowed_updates: [] });
    expect(await pendingOf(unconfirmed, created.applicationId)).toEqual({ pending_actions: [], next_status: null });
  });

  it('an application that is not closed has no rejection reason', async () => {
    const created = await createApplication(confirmed);
    for (const status of ['Open', 'Submitted', 'Signature', 'Paid_Out'] as const) {
      if (status !== 'Open') await seed(t, created.applicationId, { status });
      expect((await overviewOf(confirmed, created.applicationId)).rejection_reason, status).toBeNull();
    }
  });
});

describe('the indicative offer on the overview', () => {
  it('a loan: the pricing of the result page, also after submission', async () => {
    const created = await createApplication(confirmed, buildApplication({ loanSize: 150_000, loanDuration: 36 }));
    expect(created.pricing).not.toBeNull();
    const app = await overviewOf(confirmed, created.applicationId);
    expect(app).toMatchObject({ loanSize: 150_000, loanDuration: 36, currency: 'EUR', pricing: created.pricing });
    await seed(t, created.applicationId, { status: 'Submitted' });
    expect((await overviewOf(confirmed, created.applicationId)).pricing).toEqual(created.pricing);
  });

  it('factoring: the limit and the annual fee of the result page', async () => {
    const created = await createApplication(confirmed, buildFactoringApplication({ factoring_limit: 250_000 }));
    expect(created.factoring?.factoring_fee_rate).toEqual(expect.any(Number));
    expect(created.factoring?.annual_factoring_fee).toEqual(expect.any(Number));
    const app = await overviewOf(confirmed, created.applicationId);
    expect(app.pricing).toBeNull();
    expect(app.factoring).toEqual({
      factoring_limit: 250_000,
      has_international_customers: true,
      annual_sales_previous_year: 1_500_000,
      annual_sales_previous_year_abroad: 300_000,
      factoring_fee_rate: created.factoring!.factoring_fee_rate,
      annual_factoring_fee: created.factoring!.annual_factoring_fee,
    });
  });

  it('a partner that shows no indicative offer: no pricing and no fee on the overview either', async () => {
    const loan = await createApplication(confirmed);
    const factoring = await createApplication(confirmed, buildFactoringApplication());
    const partner = t.ctx.partners.get('demo')!;
    partner.show_indicative_offer = false;
    try {
      expect((await overviewOf(confirmed, loan.applicationId)).pricing).toBeNull();
      expect((await overviewOf(confirmed, factoring.applicationId)).factoring).toMatchObject({
        factoring_limit: 200_000,
        factoring_fee_rate: null,
        annual_factoring_fee: null,
      });
    } finally {
      partner.show_indicative_offer = true;
    }
  });
});

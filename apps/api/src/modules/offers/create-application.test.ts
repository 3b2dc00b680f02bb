import { describe, expect, it } from 'vitest';
import type { CreateApplicationRequest } from '@finportal/contracts/offers';
import { buildApplication, buildFactoringApplication, createdApplication } from '../../test/application-factories.js';
import { registerAndConfirm, useTestApp } from '../../test/harness.js';

/** POST /user/applications: eligibility, pricing, storage (companies and access: create-application-companies.test.ts). */
const t = await useTestApp();
const {
  client: demo,
  user: { userId: demoUserId },
} = await t.signUp('demo');

/** YYYY-MM-DD of today (UTC) moved by whole months. */
function monthsAgo(months: number): string {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
}

describe('an eligible application', () => {
  it('is Open, priced, and stored with its company, status history and audit entry', async () => {
    const app = await createdApplication(demo, buildApplication());
    expect(app).toMatchObject({
      status: 'Open',
      loanSize: 100_000,
      loanDuration: 48,
      display_duration_unit: 'months',
      currency: 'EUR',
      allBanksLoanPurpose: 'working_capital_loan',
      product_type: 'general_liquidity',
      rejection_reason: null,
      factoring: null,
      companyName: 'Muster Maschinenbau GmbH',
    });
    expect(app.shortApplicationId).toMatch(/^[A-Z2-7]{8}$/);
    // demo general_liquidity: 5.5 + 0.25 × (48 − 36)/12 = 5.75, high 6.75 (see pricing.test.ts).
    expect(app.pricing).toEqual({
      offer_rate_low: 5.75,
      offer_rate_high: 6.75,
      offer_representative_monthly_rate_low: 2337.06,
      offer_representative_monthly_rate_high: 2383.04,
      offer_is_range: true,
      monthly_payment: 2359.98,
      total_transaction_fee: 2000,
      is_final_interest_rate: false,
      is_final_transaction_fee: false,
    });

    const [row] = await t.sql<Record<string, unknown>>('SELECT * FROM applications WHERE id = $1', [app.applicationId]);
    expect(row).toMatchObject({
      short_id: app.shortApplicationId,
      partner_id: 'demo',
      user_id: demoUserId,
      company_id: app.company_id,
      status: 'Open',
      loan_type: 'working_capital_loan',
      product_type: 'general_liquidity',
      amount: 100_000,
      duration_months: 48,
      currency: 'EUR',
      purpose_select: 'operating_expenses',
      rejection_reason: null,
      is_dynamic_form: false,
      pricing: app.pricing,
    });
    const [company] = await t.sql<Record<string, unknown>>('SELECT * FROM companies WHERE id = $1', [app.company_id]);
    expect(company).toMatchObject({
      partner_id: 'demo',
      name: 'Muster Maschinenbau GmbH',
      street: 'Hauptstraße',
      house_number: '12a',
      postcode: '10115',
      city: 'Berlin',
      country: 'DE',
      company_type: 'GMBH',
      tax_id_number: '1234567890',
      business_purpose: 'Herstellung von Sondermaschinen',
      created_by: demoUserId,
      // The applicant's own company (ADR 009), findable by their next search at once.
      owner_user_id: demoUserId,
      global_company_id: null,
      search_text: 'muster maschinenbau gmbh',
    });
    const history = await t.sql(
      'SELECT from_status, to_status, changed_by, reason FROM application_status_history WHERE application_id = $1',
      [app.applicationId],
    );
    expect(history).toEqual([{ from_status: null, to_status: 'Open', changed_by: demoUserId, reason: null }]);
    const audits = await t.sql<{ action: string; data: Record<string, unknown> }>(
      "SELECT action, data FROM audit_log WHERE entity = 'application' AND entity_id = $1",
      [app.applicationId],
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'application.created',
      data: { status: 'Open', short_id: app.shortApplicationId },
    });
    // No tax ids in the audit log.
    expect(JSON.stringify(audits[0]!.data)).not.toContain('1234567890');
  });

  it('stores referrer, referral_data and display_duration_unit', async () => {
    const app = await createdApplication(
      demo,
      buildApplication({
        loanDuration: 36,
        display_duration_unit: 'years',
        referrer: 'https://partner-blog.example/kredit',
        referral_data: { utm_source: 'newsletter', utm_campaign: 'spring' },
      }),
    );
    expect(app.display_duration_unit).toBe('years');
    const [row] = await t.sql(
      'SELECT referrer, referral_data, display_duration_unit, duration_months FROM applications WHERE id = $1',
      [app.applicationId],
    );
    expect(row).toEqual({
      referrer: 'https://partner-blog.example/kredit',
      referral_data: { utm_source: 'newsletter', utm_campaign: 'spring' },
      display_duration_unit: 'years',
      duration_months: 36,
    });
  });

  it('a typed amount above the slider maximum is fine with customized_application_amounts', async () => {
    const app = await createdApplication(demo, buildApplication({ loanSize: 750_000 }));
    expect(app.status).toBe('Open');
  });

  it('short ids are unique', async () => {
    const ids = await t.sql<{ short_id: string }>('SELECT short_id FROM applications');
    expect(new Set(ids.map((r) => r.short_id)).size).toBe(ids.length);
  });
});

describe('pricing through the route', () => {
  it('nordbank: one final rate, no range (100,000 over 24 months at 4.9 % → 4,382.66)', async () => {
    const nord = t.client('nordbank');
    await registerAndConfirm(nord);
    const app = await createdApplication(
      nord,
      buildApplication({ loanDuration: 24, purposeSelect: 'inventory_expansion' }),
    );
    expect(app.pricing).toEqual({
      offer_rate_low: 4.9,
      offer_rate_high: 4.9,
      offer_representative_monthly_rate_low: 4382.66,
      offer_representative_monthly_rate_high: 4382.66,
      offer_is_range: false,
      monthly_payment: 4382.66,
      total_transaction_fee: 1500,
      is_final_interest_rate: true,
      is_final_transaction_fee: true,
    });
  });

  it('a young company pays the add-on: 250,000 over 60 months, founded 13 months ago → 7.5 / 8.5 %', async () => {
    const app = await createdApplication(
      demo,
      buildApplication({ loanSize: 250_000, loanDuration: 60, foundation_date: monthsAgo(13) }),
    );
    expect(app.status).toBe('Open');
    expect(app.pricing).toMatchObject({
      offer_rate_low: 7.5,
      offer_rate_high: 8.5,
      offer_representative_monthly_rate_low: 5009.49,
      offer_representative_monthly_rate_high: 5129.13,
      monthly_payment: 5069.1,
      total_transaction_fee: 5000,
    });
  });

  it('factoring: amount and duration are cleared; fee = 200,000 × 1.8 % = 3,600', async () => {
    const app = await createdApplication(demo, { ...buildFactoringApplication(), loanSize: 100_000, loanDuration: 48 });
    expect(app).toMatchObject({
      status: 'Open',
      loanSize: null,
      loanDuration: null,
      product_type: 'factoring',
      pricing: null,
      factoring: {
        factoring_limit: 200_000,
        factoring_fee_rate: 1.8,
        annual_factoring_fee: 3600,
        annual_sales_previous_year: 1_500_000,
        annual_sales_previous_year_abroad: 300_000,
      },
    });
    const [row] = await t.sql(
      'SELECT amount, duration_months, factoring_limit, has_international_customers FROM applications WHERE id = $1',
      [app.applicationId],
    );
    expect(row).toMatchObject({ amount: null, duration_months: null, has_international_customers: true });
    expect(Number(row!.factoring_limit)).toBe(200_000);
  });

  it('nordbank factoring: 100,000 × 1.5 % = 1,500 a year; sales below 250,000 are rejected', async () => {
    const nord = t.client('nordbank');
    await registerAndConfirm(nord);
    const app = await createdApplication(
      nord,
      buildFactoringApplication({
        factoring_limit: 100_000,
        annual_sales_previous_year: 300_000,
        annual_sales_previous_year_abroad: null,
      }),
    );
    expect(app.factoring).toMatchObject({ factoring_fee_rate: 1.5, annual_factoring_fee: 1500 });
    const low = await createdApplication(
      nord,
      buildFactoringApplication({ annual_sales_previous_year: 200_000, annual_sales_previous_year_abroad: null }),
    );
    expect(low.rejection_reason).toBe('err_annual_sales_not_allowed');
  });

  it('show_indicative_offer false hides the pricing (it is still stored)', async () => {
    const partner = t.ctx.partners.get('demo')!;
    partner.show_indicative_offer = false;
    try {
      const app = await createdApplication(demo, buildApplication());
      expect(app.status).toBe('Open');
      expect(app.pricing).toBeNull();
      const fact = await createdApplication(demo, buildFactoringApplication());
      expect(fact.factoring).toMatchObject({
        factoring_limit: 200_000,
        factoring_fee_rate: null,
        annual_factoring_fee: null,
      });
      const [row] = await t.sql<{ pricing: unknown }>('SELECT pricing FROM applications WHERE id = $1', [
        app.applicationId,
      ]);
      expect(row!.pricing).toMatchObject({ offer_rate_low: 5.75 });
    } finally {
      partner.show_indicative_offer = true;
    }
  });
});

describe('eligibility: the first failing rule rejects with its code', () => {
  const rejected = async (body: CreateApplicationRequest, code: string, client = demo) => {
    const app = await createdApplication(client, body);
    expect(app.status).toBe('Rejected');
    expect(app.rejection_reason).toBe(code);
    expect(app.pricing).toBeNull();
    const [row] = await t.sql('SELECT status, rejection_reason, pricing FROM applications WHERE id = $1', [
      app.applicationId,
    ]);
    expect(row).toEqual({ status: 'Rejected', rejection_reason: code, pricing: null });
    const history = await t.sql(
      'SELECT from_status, to_status, reason FROM application_status_history WHERE application_id = $1',
      [app.applicationId],
    );
    expect(history).toEqual([{ from_status: null, to_status: 'Rejected', reason: code }]);
    return app;
  };

  it('company country not in the partner countries', async () => {
    await rejected(
      buildApplication({ companyCountry: 'PL', companyPostCode: '00-950', taxIdNumber: '123-456-32-18' }),
      'err_company_country_not_allowed',
    );
  });

  it('loan type not offered in the country (demo CH: working capital only)', async () => {
    await rejected(
      buildApplication({
        companyCountry: 'CH',
        companyPostCode: '8001',
        companyType: 'CH_AG',
        taxIdNumber: 'CHE-136.348.576',
        allBanksLoanPurpose: 'event_driven_financing_loan',
        purposeSelect: 'business_expansion',
      }),
      'err_loan_type_not_allowed',
    );
  });

  it('loan type not among the partner user_application_types (nordbank has no event-driven loans)', async () => {
    const nord = t.client('nordbank');
    await registerAndConfirm(nord);
    await rejected(
      buildApplication({
        allBanksLoanPurpose: 'event_driven_financing_loan',
        purposeSelect: undefined,
        purposeDescription: 'x'.repeat(40),
      }),
      'err_loan_type_not_allowed',
      nord,
    );
  });

  it('company type excluded (GBR) or not accepted in the country', async () => {
    await rejected(buildApplication({ companyType: 'GBR' }), 'err_company_type_not_allowed');
    await rejected(buildApplication({ companyType: 'CH_AG' }), 'err_company_type_not_allowed');
  });

  it('company younger than min_company_age_months (demo: 12)', async () => {
    await rejected(buildApplication({ foundation_date: monthsAgo(6) }), 'err_company_age_not_allowed');
  });

  it('amount outside the partner range (demo working capital: up to 1,000,000)', async () => {
    await rejected(buildApplication({ loanSize: 1_500_000 }), 'err_loan_amount_not_allowed');
  });

  it('duration outside the partner range (demo working capital: up to 84 months)', async () => {
    await rejected(buildApplication({ loanDuration: 96 }), 'err_loan_duration_not_allowed');
  });

  it('factoring limit outside the partner range (demo: up to 2,000,000)', async () => {
    await rejected(buildFactoringApplication({ factoring_limit: 3_000_000 }), 'err_factoring_limit_not_allowed');
  });

  it('annual sales below min_annual_sales (demo: 100,000)', async () => {
    await rejected(
      buildFactoringApplication({ annual_sales_previous_year: 50_000, annual_sales_previous_year_abroad: null }),
      'err_annual_sales_not_allowed',
    );
  });

  it('currency not supported by the partner (demo: EUR, CHF)', async () => {
    await rejected(buildApplication({ currency: 'PLN' }), 'err_currency_not_allowed');
  });

  it('the order decides: country before currency, company type before amount', async () => {
    await rejected(
      buildApplication({
        companyCountry: 'PL',
        companyPostCode: '00-950',
        currency: 'PLN',
        taxIdNumber: '123-456-32-18',
      }),
      'err_company_country_not_allowed',
    );
    await rejected(buildApplication({ companyType: 'GBR', loanSize: 1_500_000 }), 'err_company_type_not_allowed');
  });
});

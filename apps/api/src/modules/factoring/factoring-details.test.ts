import { describe, expect, it } from 'vitest';
import type { FactoringSection } from '@finportal/contracts/factoring';
import { COMPLETE_SIGNATORY, createApplication, getApplication, seed } from '../../test/dashboard.js';
import {
  auditsOf,
  buildFactoringFinancials,
  buildFactoringInvoices,
  buildFactoringRiskProtection,
  createFactoringApplication,
  detailsOf,
  digest,
  factoringPath,
  fillCards,
  getDetails,
  patchSection,
  setStatus,
} from '../../test/factoring.js';
import { errorsOf, useTestApp } from '../../test/harness.js';

/**
 * The factoring details (spec 2 sections 3, 5 and 7; issue 12; ADR 018): GET .../factoring and
 * PATCH .../factoring/{financials|invoices|risk_protection}, each card saved as a whole with the
 * rules of contracts/factoring-rules.ts; a refused save stores nothing.
 */
const t = await useTestApp();
const [{ client: owner }, { client: signer, user: signerUser }] = await Promise.all([
  t.signUp('demo', { ip: '10.40.0.1' }),
  t.signUp('demo', { ip: '10.40.0.2' }),
]);

describe('GET .../factoring', () => {
  it('answers the three cards with every field (the wizard’s answers filled in), editable and required', async () => {
    const id = await createFactoringApplication(owner);
    const details = await getDetails(owner, id);
    expect(details).toMatchObject({ has_international_customers: true, is_editable: true, is_required: true });
    expect(details.financials).toMatchObject({
      has_international_customers: true,
      annual_sales_previous_year: 1_500_000,
      annual_sales_previous_year_abroad: 300_000,
      annual_sales_previous_year_comment: null,
      company_portfolio: null,
    });
    expect(Object.keys(details.invoices)).toEqual([
      'number_of_outgoing_invoices',
      'number_of_outgoing_invoices_abroad',
      'number_of_outgoing_invoices_comment',
      'invoice_currencies',
      'invoice_currencies_abroad',
      'invoice_currencies_comment',
      'max_invoice_value_previous_year',
      'max_invoice_value_previous_year_abroad',
      'max_invoice_value_previous_year_comment',
      'payment_deadline_for_outgoing_invoices',
      'payment_deadline_for_outgoing_invoices_abroad',
      'payment_deadline_for_outgoing_invoices_comment',
    ]);
    expect(Object.values(details.risk_protection).every((v) => v === null)).toBe(true);
  });

  it('answers a stored value of the wrong type (written around the API) as not answered', async () => {
    const id = await createFactoringApplication(owner);
    await seed(t, id, {
      factoring_details: {
        number_of_outgoing_invoices: '1200',
        invoice_currencies: 'EUR',
        company_portfolio: 42,
        unknown_key: 1,
      },
    });
    const details = await getDetails(owner, id);
    expect(details.invoices).toMatchObject({ number_of_outgoing_invoices: null, invoice_currencies: null });
    expect(details.financials.company_portfolio).toBeNull();
  });

  it('is 409 for an application that is not factoring', async () => {
    const { applicationId } = await createApplication(owner);
    const res = await owner.get(factoringPath(applicationId));
    expect(res.statusCode, res.body).toBe(409);
    expect(errorsOf(res)[0]?.code).toBe('err_factoring_not_applicable');
    const patch = await patchSection(owner, applicationId, 'invoices', buildFactoringInvoices());
    expect(patch.statusCode).toBe(409);
  });
});

describe('PATCH .../factoring/{section}', () => {
  it('saves each card with its comments and twins; the answer and GET show it; an audit entry names the changes', async () => {
    const id = await createFactoringApplication(owner);
    const financials = buildFactoringFinancials({ company_portfolio_comment: 'Zwei Standorte\nBayern und Hessen' });
    const saved = detailsOf(await patchSection(owner, id, 'financials', financials));
    expect(saved.financials).toMatchObject(financials);
    await fillCards(owner, id);
    const details = await getDetails(owner, id);
    expect(details.invoices).toMatchObject(buildFactoringInvoices());
    expect(details.risk_protection).toMatchObject(buildFactoringRiskProtection());
    expect(details.financials.company_portfolio_comment).toBeNull(); // fillCards saved the card again, without it
    const audits = await auditsOf(t, 'application', id);
    const updates = audits.filter((a) => a.action === 'factoring.details_updated');
    expect(updates.map((a) => a.data.section)).toEqual(['financials', 'financials', 'invoices', 'risk_protection']);
    expect(updates[0]!.data.after).toMatchObject({ company_portfolio: financials.company_portfolio });
    // The overview's factoring figures follow the financial card.
    await patchSection(owner, id, 'financials', buildFactoringFinancials({ annual_sales_previous_year: 1_600_000 }));
    expect((await getApplication(owner, id)).factoring).toMatchObject({ annual_sales_previous_year: 1_600_000 });
  });

  it('trims texts and stores an empty text as not answered', async () => {
    const id = await createFactoringApplication(owner);
    const portfolio = '  Großhandel mit Industriebedarf für rund 300 Stammkunden  ';
    const saved = detailsOf(
      await patchSection(
        owner,
        id,
        'financials',
        buildFactoringFinancials({ company_portfolio: portfolio, annual_sales_previous_year_comment: '   ' }),
      ),
    );
    expect(saved.financials.company_portfolio).toBe(portfolio.trim());
    expect(saved.financials.annual_sales_previous_year_comment).toBeNull();
  });

  // Each rule with bad input: 400 with the rule's code on the field, nothing stored.
  const long = (n: number) => 'x'.repeat(n);
  const cases: [string, FactoringSection, Record<string, unknown>, { field: string; code: string; values?: object }][] =
    [
      [
        'a missing portfolio',
        'financials',
        { company_portfolio: null },
        { field: 'company_portfolio', code: 'err_required' },
      ],
      [
        'a portfolio under 40',
        'financials',
        { company_portfolio: 'Handel' },
        { field: 'company_portfolio', code: 'err_too_short', values: { min: 40 } },
      ],
      [
        'a portfolio over 300',
        'financials',
        { company_portfolio: long(301) },
        { field: 'company_portfolio', code: 'err_too_long', values: { max: 300 } },
      ],
      [
        'no answer on international customers',
        'financials',
        { has_international_customers: null },
        { field: 'has_international_customers', code: 'err_required' },
      ],
      [
        'sales of 0',
        'financials',
        { annual_sales_previous_year: 0 },
        { field: 'annual_sales_previous_year', code: 'err_too_small', values: { min: 0 } },
      ],
      [
        'sales above 999999999',
        'financials',
        { annual_sales_previous_year: 1_000_000_000 },
        { field: 'annual_sales_previous_year', code: 'err_too_big', values: { max: 999_999_999 } },
      ],
      [
        'three decimals',
        'financials',
        { planned_annual_sales_following_year: 1_800_000.123 },
        { field: 'planned_annual_sales_following_year', code: 'err_too_many_decimals', values: { max: 2 } },
      ],
      [
        'a negative amount',
        'financials',
        { planned_annual_sales_factoring: -1 },
        { field: 'planned_annual_sales_factoring', code: 'err_too_small', values: { min: 0 } },
      ],
      [
        'sales abroad above the total',
        'financials',
        { annual_sales_previous_year_abroad: 1_500_000.01 },
        { field: 'annual_sales_previous_year_abroad', code: 'err_cannot_exceed', values: { max: 1_500_000 } },
      ],
      [
        'factored sales above the planned sales',
        'financials',
        { planned_annual_sales_factoring: 1_900_000 },
        { field: 'planned_annual_sales_factoring', code: 'err_cannot_exceed', values: { max: 1_800_000 } },
      ],
      [
        'a missing twin with international customers',
        'financials',
        { planned_annual_sales_factoring_abroad: null },
        { field: 'planned_annual_sales_factoring_abroad', code: 'err_required' },
      ],
      [
        'a comment over 2000',
        'financials',
        { annual_sales_previous_year_comment: long(2001) },
        { field: 'annual_sales_previous_year_comment', code: 'err_too_long', values: { max: 2000 } },
      ],
      [
        'a comment with a direction override',
        'financials',
        { annual_sales_previous_year_comment: 'abc\u202Edef' },
        { field: 'annual_sales_previous_year_comment', code: 'err_invalid_characters' },
      ],
      [
        'a fractional invoice count',
        'invoices',
        { number_of_outgoing_invoices: 2.5 },
        { field: 'number_of_outgoing_invoices', code: 'err_invalid_value' },
      ],
      ['no currency', 'invoices', { invoice_currencies: [] }, { field: 'invoice_currencies', code: 'err_required' }],
      [
        'an unknown currency',
        'invoices',
        { invoice_currencies: ['EUR', 'XXX'] },
        { field: 'invoice_currencies', code: 'err_invalid_value' },
      ],
      [
        'a currency twice',
        'invoices',
        { invoice_currencies_abroad: ['CHF', 'CHF'] },
        { field: 'invoice_currencies_abroad', code: 'err_invalid_value' },
      ],
      [
        'a deadline over 365 days',
        'invoices',
        { payment_deadline_for_outgoing_invoices: 366 },
        { field: 'payment_deadline_for_outgoing_invoices', code: 'err_too_big', values: { max: 365 } },
      ],
      [
        'invoices abroad above all invoices',
        'invoices',
        { number_of_outgoing_invoices_abroad: 2_401 },
        { field: 'number_of_outgoing_invoices_abroad', code: 'err_cannot_exceed', values: { max: 2_400 } },
      ],
      [
        'the largest invoice above last year’s sales',
        'invoices',
        { max_invoice_value_previous_year: 1_500_001 },
        { field: 'max_invoice_value_previous_year', code: 'err_cannot_exceed', values: { max: 1_500_000 } },
      ],
      [
        'losses above last year’s sales',
        'risk_protection',
        { receivables_default_amount_previous_year: 2_000_000 },
        { field: 'receivables_default_amount_previous_year', code: 'err_cannot_exceed', values: { max: 1_500_000 } },
      ],
      [
        'losses abroad above sales abroad',
        'risk_protection',
        {
          receivables_default_amount_previous_year: 400_000,
          receivables_default_amount_previous_year_abroad: 300_000.5,
        },
        {
          field: 'receivables_default_amount_previous_year_abroad',
          code: 'err_cannot_exceed',
          values: { max: 300_000 },
        },
      ],
      [
        'an unanswered question',
        'risk_protection',
        { already_has_factoring: null },
        { field: 'already_has_factoring', code: 'err_required' },
      ],
    ];
  const builders = {
    financials: buildFactoringFinancials,
    invoices: buildFactoringInvoices,
    risk_protection: buildFactoringRiskProtection,
  };

  it.each(cases)(
    'refuses %s: 400 with the rule’s code on the field, nothing stored',
    async (_, section, override, expected) => {
      const id = await createFactoringApplication(owner);
      await fillCards(owner, id);
      const before = await digest(t);
      const res = await patchSection(owner, id, section, { ...builders[section](), ...override });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorsOf(res)).toContainEqual({ ...expected });
      expect(await digest(t)).toEqual(before);
    },
  );

  it('reports every issue of a card at once', async () => {
    const id = await createFactoringApplication(owner);
    const res = await patchSection(owner, id, 'invoices', {});
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res).map((e) => e.field)).toEqual([
      'number_of_outgoing_invoices',
      'number_of_outgoing_invoices_abroad',
      'invoice_currencies',
      'invoice_currencies_abroad',
      'max_invoice_value_previous_year',
      'max_invoice_value_previous_year_abroad',
      'payment_deadline_for_outgoing_invoices',
      'payment_deadline_for_outgoing_invoices_abroad',
    ]);
  });

  it('"cannot be less than": last year’s sales below the largest invoice already given are refused', async () => {
    const id = await createFactoringApplication(owner);
    await fillCards(owner, id);
    const res = await patchSection(
      owner,
      id,
      'financials',
      buildFactoringFinancials({ annual_sales_previous_year: 40_000, annual_sales_previous_year_abroad: 30_000 }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(errorsOf(res)).toContainEqual({
      field: 'annual_sales_previous_year',
      code: 'err_cannot_be_less_than',
      values: { min: 45_000 },
    });
  });

  it('refuses unknown fields, fields of another card and values of the wrong type (strict bodies)', async () => {
    const id = await createFactoringApplication(owner);
    const before = await digest(t);
    for (const body of [
      { ...buildFactoringInvoices(), colour: 'red' },
      { ...buildFactoringInvoices(), company_portfolio: 'x'.repeat(50) },
      { ...buildFactoringInvoices(), number_of_outgoing_invoices: '2400' },
    ]) {
      const res = await patchSection(owner, id, 'invoices', body);
      expect(res.statusCode, res.body).toBe(400);
    }
    const polluted = JSON.stringify(buildFactoringInvoices()).replace('{', '{"__proto__":{"is_editable":true},');
    const res = await owner.patch(`${factoringPath(id)}/invoices`, undefined, { rawBody: polluted });
    expect(res.statusCode, res.body).toBe(400);
    expect(await digest(t)).toEqual(before);
  });
});

describe('the _abroad twins without international customers (refused, and cleared)', () => {
  it('a twin sent with has_international_customers false is refused (err_abroad_not_applicable)', async () => {
    const id = await createFactoringApplication(owner);
    const res = await patchSection(owner, id, 'financials', {
      ...buildFactoringFinancials({}, { international: false }),
      planned_annual_sales_factoring_abroad: 100_000,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorsOf(res)).toEqual([
      { field: 'planned_annual_sales_factoring_abroad', code: 'err_abroad_not_applicable' },
    ]);
  });

  it('answering no clears every stored twin, on all cards; the other cards then refuse twins', async () => {
    const id = await createFactoringApplication(owner);
    await fillCards(owner, id);
    const saved = detailsOf(
      await patchSection(owner, id, 'financials', buildFactoringFinancials({}, { international: false })),
    );
    expect(saved.has_international_customers).toBe(false);
    const twins = Object.entries({ ...saved.financials, ...saved.invoices, ...saved.risk_protection }).filter(([k]) =>
      k.endsWith('_abroad'),
    );
    expect(twins.length).toBe(9);
    expect(twins.every(([, v]) => v === null)).toBe(true);
    const [row] = await t.sql<{ abroad: string | null }>(
      'SELECT annual_sales_previous_year_abroad AS abroad FROM applications WHERE id = $1',
      [id],
    );
    expect(row!.abroad).toBeNull();
    const refused = await patchSection(owner, id, 'invoices', buildFactoringInvoices());
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused).map((e) => e.code)).toEqual(Array(4).fill('err_abroad_not_applicable'));
    detailsOf(await patchSection(owner, id, 'invoices', buildFactoringInvoices({}, { international: false })));
  });
});

describe('who may change the cards: `debitor` in allowed_updates', () => {
  it('an accepted signatory reads them (not editable) and gets 403; after submission the owner gets 403 too', async () => {
    const id = await createFactoringApplication(owner);
    await seed(t, id, { signatories: [{ ...COMPLETE_SIGNATORY, user_email: signerUser.email }] });
    expect((await getDetails(signer, id)).is_editable).toBe(false);
    const before = await digest(t);
    const bySigner = await patchSection(signer, id, 'financials', buildFactoringFinancials());
    expect(bySigner.statusCode, bySigner.body).toBe(403);
    expect(errorsOf(bySigner)[0]?.code).toBe('err_no_permission');
    await setStatus(t, id, 'Submitted');
    expect((await getDetails(owner, id)).is_editable).toBe(false);
    const byOwner = await patchSection(owner, id, 'financials', buildFactoringFinancials());
    expect(byOwner.statusCode).toBe(403);
    await setStatus(t, id, 'Open');
    expect(await digest(t)).toEqual(before);
  });
});

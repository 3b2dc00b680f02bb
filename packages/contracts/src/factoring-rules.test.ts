import { describe, expect, it } from 'vitest';
import {
  FACTORING_FIELDS,
  FACTORING_SECTION_FIELDS,
  factoringDetailsIssues,
  factoringIssues,
  factoringSectionOf,
  canEditFactoring,
  type FactoringContext,
  type FactoringValues,
} from './factoring-rules.js';
import { factoringSectionFormSchema, factoringSectionRequests } from './factoring.js';

/** The factoring details' rules (spec 2 section 5; ADR 018), as the edit modals and the API apply them. */

const financials: FactoringValues = {
  has_international_customers: true,
  company_portfolio: 'Großhandel mit Industriebedarf für rund 300 Stammkunden',
  annual_sales_previous_year: 1_500_000,
  annual_sales_previous_year_abroad: 300_000,
  planned_annual_sales_following_year: 1_800_000,
  planned_annual_sales_following_year_abroad: 400_000,
  planned_annual_sales_factoring: 1_200_000,
  planned_annual_sales_factoring_abroad: 250_000,
};
const invoices: FactoringValues = {
  number_of_outgoing_invoices: 2400,
  number_of_outgoing_invoices_abroad: 300,
  invoice_currencies: ['EUR'],
  invoice_currencies_abroad: ['EUR', 'CHF'],
  max_invoice_value_previous_year: 45_000,
  max_invoice_value_previous_year_abroad: 20_000,
  payment_deadline_for_outgoing_invoices: 30,
  payment_deadline_for_outgoing_invoices_abroad: 60,
};
const risk: FactoringValues = {
  receivables_default_amount_previous_year: 8_000,
  receivables_default_amount_previous_year_abroad: 1_000,
  receivables_default_amount_current_year: 0,
  receivables_default_amount_current_year_abroad: 0,
  are_receivables_assigned: false,
  has_commercial_credit_insurance: true,
  already_has_factoring: false,
  centralized_settlement_entity: true,
};
const all = { ...financials, ...invoices, ...risk };
const context = (overrides: Partial<FactoringContext> = {}): FactoringContext => ({
  required: true,
  hasInternationalCustomers: true,
  stored: all,
  ...overrides,
});

describe('the fields of the cards', () => {
  it('every field of spec 2 section 3 with its _comment, and the numeric ones with an _abroad twin', () => {
    expect(FACTORING_FIELDS).toHaveLength(15 + 13 + 9);
    expect(FACTORING_SECTION_FIELDS.financials.slice(0, 5)).toEqual([
      'has_international_customers',
      'company_portfolio',
      'company_portfolio_comment',
      'annual_sales_previous_year',
      'annual_sales_previous_year_abroad',
    ]);
    expect(factoringSectionOf('already_has_factoring_comment')).toBe('risk_protection');
    expect(factoringSectionOf('invoice_currencies_abroad')).toBe('invoices');
    expect(FACTORING_FIELDS).not.toContain('company_portfolio_abroad');
    expect(FACTORING_FIELDS).not.toContain('has_international_customers_comment');
  });

  it('the PATCH bodies have exactly the fields of their card', () => {
    for (const section of ['financials', 'invoices', 'risk_protection'] as const) {
      const shape = (factoringSectionRequests[section] as unknown as { shape: Record<string, unknown> }).shape;
      expect(Object.keys(shape)).toEqual(FACTORING_SECTION_FIELDS[section]);
    }
  });
});

describe('factoringIssues', () => {
  it('accepts complete cards', () => {
    expect(factoringIssues('financials', financials, context())).toEqual([]);
    expect(factoringIssues('invoices', invoices, context())).toEqual([]);
    expect(factoringIssues('risk_protection', risk, context())).toEqual([]);
  });

  it('required: every field, the twins with international customers, never the comments', () => {
    const issues = factoringIssues('risk_protection', {}, context());
    expect(issues.map((i) => i.field)).toEqual([
      'receivables_default_amount_previous_year',
      'receivables_default_amount_previous_year_abroad',
      'receivables_default_amount_current_year',
      'receivables_default_amount_current_year_abroad',
      'are_receivables_assigned',
      'has_commercial_credit_insurance',
      'already_has_factoring',
      'centralized_settlement_entity',
    ]);
    expect(new Set(issues.map((i) => i.code))).toEqual(new Set(['err_required']));
    expect(factoringIssues('risk_protection', {}, context({ hasInternationalCustomers: false })).length).toBe(6);
  });

  it('not required: only the wizard’s two; the portfolio keeps its 40 to 300 characters when given', () => {
    expect(factoringIssues('invoices', {}, context({ required: false }))).toEqual([]);
    expect(factoringIssues('financials', {}, context({ required: false })).map((i) => i.field)).toEqual([
      'has_international_customers',
      'annual_sales_previous_year',
    ]);
    expect(
      factoringIssues('financials', { ...financials, company_portfolio: 'kurz' }, context({ required: false })),
    ).toEqual([{ field: 'company_portfolio', code: 'err_too_short', values: { min: 40 } }]);
  });

  it('the portfolio counts characters (not bytes) after trimming', () => {
    const exactly = 'ä'.repeat(40);
    expect(factoringIssues('financials', { ...financials, company_portfolio: `  ${exactly}  ` }, context())).toEqual(
      [],
    );
    expect(factoringIssues('financials', { ...financials, company_portfolio: '😀'.repeat(300) }, context())).toEqual(
      [],
    );
    expect(
      factoringIssues('financials', { ...financials, company_portfolio: 'a'.repeat(301) }, context())[0],
    ).toMatchObject({
      code: 'err_too_long',
    });
  });

  it('the financials card judges the twins by the answer it sends', () => {
    const none = { ...financials, has_international_customers: false };
    expect(factoringIssues('financials', none, context()).map((i) => [i.field, i.code])).toEqual([
      ['annual_sales_previous_year_abroad', 'err_abroad_not_applicable'],
      ['planned_annual_sales_following_year_abroad', 'err_abroad_not_applicable'],
      ['planned_annual_sales_factoring_abroad', 'err_abroad_not_applicable'],
    ]);
    const withoutTwins = Object.fromEntries(Object.entries(none).filter(([k]) => !k.endsWith('_abroad')));
    expect(factoringIssues('financials', withoutTwins, context())).toEqual([]);
  });

  it('limits: a part above its total cannot exceed it; a total below a stored part of another card cannot be less', () => {
    expect(
      factoringIssues('invoices', { ...invoices, max_invoice_value_previous_year: 1_500_000.01 }, context()),
    ).toEqual([{ field: 'max_invoice_value_previous_year', code: 'err_cannot_exceed', values: { max: 1_500_000 } }]);
    expect(
      factoringIssues(
        'financials',
        { ...financials, annual_sales_previous_year: 44_999.99, annual_sales_previous_year_abroad: 20_000 },
        context(),
      ),
    ).toEqual([{ field: 'annual_sales_previous_year', code: 'err_cannot_be_less_than', values: { min: 45_000 } }]);
    // Equal is fine; a longer payment deadline abroad too.
    expect(
      factoringIssues('invoices', { ...invoices, max_invoice_value_previous_year_abroad: 45_000 }, context()),
    ).toEqual([]);
    // A limit is only checked against a valid value.
    expect(factoringIssues('invoices', { ...invoices, max_invoice_value_previous_year: 'x' }, context())).toEqual([
      { field: 'max_invoice_value_previous_year', code: 'err_invalid_value' },
    ]);
  });

  it('comments: optional text areas of at most 2000 characters, line breaks allowed, other control characters not', () => {
    const with_ = (comment: unknown) =>
      factoringIssues('invoices', { ...invoices, invoice_currencies_comment: comment }, context());
    expect(with_('zwei Zeilen\nund ein\tTab')).toEqual([]);
    expect(with_(null)).toEqual([]);
    expect(with_('x'.repeat(2001))).toEqual([
      { field: 'invoice_currencies_comment', code: 'err_too_long', values: { max: 2000 } },
    ]);
    expect(with_('bell\u0007')).toEqual([{ field: 'invoice_currencies_comment', code: 'err_invalid_characters' }]);
    expect(with_(42)).toEqual([{ field: 'invoice_currencies_comment', code: 'err_invalid_value' }]);
  });
});

describe('factoringDetailsIssues (the pending item) and canEditFactoring', () => {
  it('judges all cards at once: none for complete details, every unanswered field otherwise', () => {
    expect(factoringDetailsIssues(all)).toEqual([]);
    const missing = factoringDetailsIssues({ has_international_customers: false, annual_sales_previous_year: 10 });
    expect(missing.map((i) => i.field)).toHaveLength(13);
    expect(missing.some((i) => i.field.endsWith('_abroad'))).toBe(false);
  });

  it('follows the debitor permission', () => {
    expect(canEditFactoring(['bankinfo', 'debitor'])).toBe(true);
    expect(canEditFactoring(['signatory_tin'])).toBe(false);
  });

  it('the form schema reports the rules as zod issues (message = code, values as params)', () => {
    const schema = factoringSectionFormSchema('financials', context());
    const result = schema.safeParse({ ...financials, annual_sales_previous_year: 1_000_000_000 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['annual_sales_previous_year', 'err_too_big'],
    ]);
    expect(schema.safeParse({ ...financials, colour: 'red' }).success).toBe(false);
  });
});

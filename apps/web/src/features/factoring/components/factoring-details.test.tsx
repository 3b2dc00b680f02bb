import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/api-mock';
import { i18n } from '../../../lib/i18n';
import { buildDetails, renderFactoringTab, ROUTES } from './factoring-test-setup';

const PORTFOLIO = 'Wholesale of industrial supplies for about 300 regular customers in southern Germany';

const stored = buildDetails({
  has_international_customers: false,
  annual_sales_previous_year: 1_500_000,
  company_portfolio: PORTFOLIO,
  annual_sales_previous_year_comment: 'Without the sales to private customers',
  number_of_outgoing_invoices: 2400,
  invoice_currencies: ['EUR', 'CHF'],
  payment_deadline_for_outgoing_invoices: 30,
  are_receivables_assigned: false,
});

const echo =
  (section: string) =>
  ({ body }: { body: unknown }) => ({
    body: buildDetails({ ...(body as object) }, { is_editable: true }),
    section,
  });

describe('the factoring detail cards', () => {
  it('show each answer in the interface language, the comments and how many answers are missing', async () => {
    await renderFactoringTab({ details: stored });
    const financial = screen.getByRole('article', { name: 'Financial details' });
    expect(financial).toHaveTextContent('Annual sales last year€1,500,000');
    expect(financial).toHaveTextContent('Comment: Without the sales to private customers');
    expect(financial).toHaveTextContent('Customers abroadNo');
    expect(financial).not.toHaveTextContent('Of which with customers abroad');
    expect(within(financial).getByText('2 answers missing')).toBeInTheDocument();
    const invoices = screen.getByRole('article', { name: 'Invoices' });
    expect(invoices).toHaveTextContent('Invoices issued per year2,400');
    expect(invoices).toHaveTextContent('Invoice currenciesEUR, CHF');
    expect(invoices).toHaveTextContent('Payment term of your invoices30 days');
    expect(invoices).toHaveTextContent('Largest invoice last yearNot given');
    expect(screen.getByRole('article', { name: 'Risk protection' })).toHaveTextContent(
      'Receivables already assignedNo',
    );
  });

  it('show the parts abroad with customers abroad', async () => {
    await renderFactoringTab({
      details: buildDetails({
        has_international_customers: true,
        annual_sales_previous_year: 10,
        annual_sales_previous_year_abroad: 4,
      }),
    });
    expect(screen.getByRole('article', { name: 'Financial details' })).toHaveTextContent(
      'Of which with customers abroad€4',
    );
  });

  it('are read-only, and say why, when the details may not be changed', async () => {
    await renderFactoringTab({ details: buildDetails({}, { is_editable: false }) });
    expect(
      screen.getAllByText(/only the applicant can change them, and only while the application is open/),
    ).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });
});

describe('the edit modal of a card', () => {
  it('refuses a portfolio shorter than 40 characters and sales abroad above the total before anything is sent', async () => {
    const { user, api } = await renderFactoringTab({ details: stored });
    await user.click(screen.getByRole('button', { name: 'Edit Financial details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit: Financial details' });
    // Without customers abroad the parts abroad are not asked.
    expect(within(dialog).queryByRole('textbox', { name: /^Of which with customers abroad/ })).not.toBeInTheDocument();
    const portfolio = within(dialog).getByRole('textbox', { name: 'Your company and what it sells' });
    await user.clear(portfolio);
    await user.type(portfolio, 'Wholesale');
    await user.click(within(dialog).getByRole('radio', { name: 'Yes' }));
    const abroad = within(dialog).getByRole('textbox', { name: /^Of which with customers abroad/ });
    await user.type(abroad, '2,000,000');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText('Please enter at least 40 characters.')).toBeInTheDocument();
    expect(within(dialog).getByText('The value cannot exceed 1,500,000.')).toBeInTheDocument();
    expect(portfolio).toHaveFocus();
    expect(api.callsTo(ROUTES.patch('financials'))).toHaveLength(0);
    // Back to no customers abroad: the part abroad is hidden again and no longer judged.
    await user.click(within(dialog).getByRole('radio', { name: 'No' }));
    expect(within(dialog).queryByRole('textbox', { name: /^Of which with customers abroad/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('The value cannot exceed 1,500,000.')).not.toBeInTheDocument();
  });

  it('saves the whole card with PATCH: amounts read in the language, comments trimmed, the twins sent with customers abroad', async () => {
    const { user, api } = await renderFactoringTab({
      details: stored,
      api: { [ROUTES.patch('financials')]: echo('financials') },
    });
    await user.click(screen.getByRole('button', { name: 'Edit Financial details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit: Financial details' });
    const field = (name: RegExp) => within(dialog).getByRole('textbox', { name });
    await user.click(within(dialog).getByRole('radio', { name: 'Yes' }));
    await user.type(field(/^Of which with customers abroad/), '300,000.50');
    await user.type(field(/^Planned annual sales next year Euro/), '1,800,000');
    await user.type(field(/^Of which planned with customers abroad/), '400,000');
    await user.type(field(/^Planned sales to be factored Euro/), '1,200,000');
    await user.type(field(/^Of which to be factored abroad/), '250,000');
    await user.type(field(/^Comment on: Planned sales to be factored/), '  Without private customers  ');
    expect(within(dialog).getByText('All fields are complete.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The factoring details have been saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(ROUTES.patch('financials'))[0]!.body).toEqual({
      has_international_customers: true,
      company_portfolio: PORTFOLIO,
      company_portfolio_comment: null,
      annual_sales_previous_year: 1_500_000,
      annual_sales_previous_year_abroad: 300_000.5,
      annual_sales_previous_year_comment: 'Without the sales to private customers',
      planned_annual_sales_following_year: 1_800_000,
      planned_annual_sales_following_year_abroad: 400_000,
      planned_annual_sales_following_year_comment: null,
      planned_annual_sales_factoring: 1_200_000,
      planned_annual_sales_factoring_abroad: 250_000,
      planned_annual_sales_factoring_comment: 'Without private customers',
    });
    expect(screen.getByRole('article', { name: 'Financial details' })).toHaveTextContent('Complete');
  });

  it('saves the risk-protection card with its yes/no answers; a server field error goes on its field', async () => {
    let calls = 0;
    const { user, api } = await renderFactoringTab({
      details: buildDetails({}, { is_required: false }),
      api: {
        [ROUTES.patch('risk_protection')]: (request) =>
          ++calls === 1
            ? {
                status: 400,
                body: errorBody({
                  code: 'err_too_many_decimals',
                  field: 'receivables_default_amount_current_year',
                  values: { max: 2 },
                }),
              }
            : echo('risk_protection')(request),
      },
    });
    await user.click(screen.getByRole('button', { name: 'Edit Risk protection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit: Risk protection' });
    // Not required: every field says it is optional.
    const current = within(dialog).getByRole('textbox', { name: /^Bad debts this year \(optional\)/ });
    await user.type(current, '2,500.5');
    const credit = within(dialog).getByRole('radiogroup', { name: 'Trade credit insurance (optional)' });
    await user.click(within(credit).getByRole('radio', { name: 'Yes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(current).toHaveAccessibleDescription(/no more than 2 decimal places/));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The factoring details have been saved.')).toBeInTheDocument();
    expect(api.callsTo(ROUTES.patch('risk_protection'))[1]!.body).toMatchObject({
      receivables_default_amount_current_year: 2500.5,
      has_commercial_credit_insurance: true,
      are_receivables_assigned: null,
      receivables_default_amount_current_year_abroad: null,
    });
  });

  it('chooses the invoice currencies and reads numbers the German way', async () => {
    await i18n.changeLanguage('de');
    const { user, api } = await renderFactoringTab({
      details: buildDetails({}, { is_required: false }),
      api: { [ROUTES.patch('invoices')]: echo('invoices') },
    });
    await user.click(screen.getByRole('button', { name: 'Rechnungen bearbeiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bearbeiten: Rechnungen' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Höchster Rechnungsbetrag im Vorjahr/ }), '45.000,50');
    await user.click(within(dialog).getByRole('checkbox', { name: 'CHF' }));
    await user.click(within(dialog).getByRole('button', { name: 'Änderungen speichern' }));
    expect(await screen.findByText('Die Factoring-Angaben wurden gespeichert.')).toBeInTheDocument();
    expect(api.callsTo(ROUTES.patch('invoices'))[0]!.body).toMatchObject({
      max_invoice_value_previous_year: 45000.5,
      invoice_currencies: ['CHF'],
    });
  });
});

import type { CompanyDetailsResponse } from '@finportal/contracts/companies';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorBody, type MockRoute } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';

const COMPANY_ID = 'c0a80101-0000-4000-8000-000000000001';
function buildCompany(overrides: Partial<CompanyDetailsResponse> = {}): CompanyDetailsResponse {
  return {
    company_id: COMPANY_ID,
    company_name: 'Musterbau Schmidt GmbH',
    companyType: 'GMBH',
    street: 'Friedrichstraße',
    houseNumber: '100',
    companyPostCode: '10117',
    companyLocation: 'Berlin',
    company_country: 'DE',
    hrNumber: 'HRB 123456 B',
    taxIdNumber: null,
    external_provider_company_id: 'DCI-DE-000001',
    external_provider_name: 'demo_credit_insurer',
    is_known_to_credit_insurer: true,
    debitor_in: [
      {
        applicationId: 'app-1',
        shortApplicationId: 'FACT0001',
        debitor_id: 'deb-1',
        annual_sales_previous_year: 250000,
        currency: 'EUR',
        cover_status: 'Cover',
      },
    ],
    ...overrides,
  };
}

function openCompany(route: MockRoute, onCaughtError?: (error: unknown) => void) {
  return renderApp({
    path: `/dashboard/companies/${COMPANY_ID}`,
    authenticated: true,
    api: { 'GET /user/companies/:companyId': route },
    onCaughtError,
  });
}

describe('the company page', () => {
  it('shows the company, its details and the applications it is a debtor in', async () => {
    await openCompany({ body: buildCompany() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Musterbau Schmidt GmbH' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByRole('link', { name: 'Loans' })).toHaveAttribute('href', '/dashboard/applications');

    const details = screen.getByRole('region', { name: 'Company details' });
    expect(details).toHaveTextContent('GmbH');
    expect(details).toHaveTextContent('Friedrichstraße 10010117 Berlin');
    expect(details).toHaveTextContent('Germany');
    expect(details).toHaveTextContent('HRB 123456 B');
    expect(details).toHaveTextContent('Company tax numberNot provided');
    expect(details).toHaveTextContent('Known to the credit insurer (no. DCI-DE-000001)');

    const debtorIn = screen.getByRole('region', { name: 'Debtor in' });
    expect(within(debtorIn).getByRole('link', { name: 'Factoring application FACT0001' })).toHaveAttribute(
      'href',
      '/dashboard/applications/app-1?tab=factoring',
    );
    expect(debtorIn).toHaveTextContent('Annual sales last year: €250,000');
    expect(debtorIn).toHaveTextContent('Insurance cover: Cover');
  });

  it('says so when the company is a debtor nowhere and the insurer does not know it', async () => {
    await openCompany({
      body: buildCompany({
        debitor_in: [],
        is_known_to_credit_insurer: false,
        external_provider_name: null,
        external_provider_company_id: null,
      }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Musterbau Schmidt GmbH' });
    expect(screen.getByRole('region', { name: 'Company details' })).toHaveTextContent(
      'Not known to the credit insurer',
    );
    expect(screen.getByRole('region', { name: 'Debtor in' })).toHaveTextContent(
      'This company is not a debtor in any of your applications.',
    );
  });

  it('shows a loading skeleton until the company arrives', async () => {
    let answer!: (reply: { body: CompanyDetailsResponse }) => void;
    await openCompany(() => new Promise((resolve) => (answer = resolve)));
    expect(await screen.findByRole('status', {})).toHaveTextContent('Loading');
    expect(screen.getByRole('heading', { level: 1, name: 'Company' })).toBeInTheDocument();
    answer({ body: buildCompany() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Musterbau Schmidt GmbH' })).toBeInTheDocument();
  });

  it('shows "Company not found" for a company that is unknown or not the user’s (404)', async () => {
    await openCompany({ status: 404, body: errorBody('err_entity_not_found') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Company not found' })).toBeInTheDocument();
    expect(screen.getByText('Error code: 404')).toBeInTheDocument();
  });

  it('shows the error page for any other failure', async () => {
    const onCaughtError = vi.fn();
    await openCompany({ status: 500, body: errorBody('err_internal') }, onCaughtError);
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Error code: 500')).toBeInTheDocument();
    expect(onCaughtError).toHaveBeenCalled();
  });
});

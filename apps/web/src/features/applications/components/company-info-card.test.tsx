import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/api-mock';
import { buildApplication } from '../../../test/factories';
import { findLoadedOverview, openOverview, OVERVIEW_ID, type OpenOverviewOptions } from '../../../test/open-overview';

/** Toasts, modals and lazy chunks can take longer than a second on a busy machine. */
async function openCompany(options: OpenOverviewOptions = {}) {
  const rendered = await openOverview(options);
  await findLoadedOverview();
  await screen.findByRole('region', { name: 'Company information' });
  return rendered;
}

const card = () => screen.getByRole('region', { name: 'Company information' });
const value = (label: string) => within(card()).getByText(label).nextElementSibling as HTMLElement;

describe('company information card', () => {
  it('shows name, legal form, address, country and the register-court block', async () => {
    await openCompany({ application: { taxIdNumber: 'DE1234567890' } });
    expect(value('Company name')).toHaveTextContent('Musterbau Schmidt GmbH');
    expect(value('Legal form')).toHaveTextContent('GmbH');
    expect(value('Address')).toHaveTextContent('Hauptstraße 12');
    expect(value('Address')).toHaveTextContent('10115 Berlin');
    expect(value('Country')).toHaveTextContent('Germany');
    expect(value('Commercial register number')).toHaveTextContent('HRB 123456');
    expect(value('Date of foundation')).toHaveTextContent('01.03.2015');
    expect(value('Company tax number')).toHaveTextContent('DE1234567890');
    expect(within(card()).getByRole('button', { name: 'Change company tax number' })).toBeEnabled();
  });

  it('shows an unknown legal form as its code', async () => {
    await openCompany({ application: { companyType: 'XX_SPECIAL' } });
    expect(value('Legal form')).toHaveTextContent('XX_SPECIAL');
  });

  it("hides the register-court block when fe_hide_items contains 'credit_agency'", async () => {
    await openCompany({ app: { fe_hide_items: ['credit_agency'] } });
    expect(within(card()).queryByText('Commercial register number')).not.toBeInTheDocument();
    expect(within(card()).queryByText('Date of foundation')).not.toBeInTheDocument();
    expect(within(card()).getByText('Company tax number')).toBeInTheDocument();
  });

  it('offers the tax number only with the taxIdNumber permission', async () => {
    await openCompany({ application: { allowed_updates: ['bankinfo'] }, query: '?modal=tax_id' });
    expect(within(card()).getByRole('button', { name: 'Add company tax number' })).toBeDisabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('validates the tax number in the modal before sending it', async () => {
    const { user, api, location } = await openCompany();
    await user.click(within(card()).getByRole('button', { name: 'Add company tax number' }));
    expect(location.current?.search).toBe('?modal=tax_id');
    const dialog = await screen.findByRole('dialog', { name: 'Company tax number' });
    const input = within(dialog).getByLabelText(/^Tax number/);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(/This field is required\./));

    await user.type(input, '12ab');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(/Please enter a German tax number/));
    expect(api.callsTo('PATCH /user/applications/:id')).toHaveLength(0);
  });

  it('saves the tax number, closes the modal and shows the new value', async () => {
    let taxIdNumber: string | null = null;
    const current = () => ({ application: buildApplication({ applicationId: OVERVIEW_ID, taxIdNumber }) });
    const { user, api, location } = await openCompany({
      query: '?tab=overview&modal=tax_id',
      api: {
        'GET /user/applications/:id': () => ({ body: current() }),
        'PATCH /user/applications/:id': ({ body }) => {
          taxIdNumber = (body as { taxIdNumber: string }).taxIdNumber;
          return { body: current() };
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Company tax number' });
    await user.type(within(dialog).getByLabelText(/^Tax number/), ' 1234567890 ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The tax number has been updated.', {})).toBeInTheDocument();
    expect(api.callsTo('PATCH /user/applications/app-1')[0]?.body).toEqual({ taxIdNumber: '1234567890' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location.current?.search).toBe('?tab=overview');
    expect(value('Company tax number')).toHaveTextContent('1234567890');
  });

  it("puts the server's field error on the field (tax number equal to a representative's)", async () => {
    const { user } = await openCompany({
      query: '?modal=tax_id',
      api: {
        'PATCH /user/applications/:id': {
          status: 400,
          body: errorBody({ code: 'err_tax_ids_must_differ', field: 'taxIdNumber' }),
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Company tax number' });
    const input = within(dialog).getByLabelText(/^Tax number/);
    await user.type(input, '1234567890');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        /The tax number of the company must differ from the personal tax numbers of the representatives\./,
      ),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows a generic failure as a toast', async () => {
    const { user } = await openCompany({
      query: '?modal=tax_id',
      api: { 'PATCH /user/applications/:id': { status: 502 } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Company tax number' });
    await user.type(within(dialog).getByLabelText(/^Tax number/), '1234567890');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An error occurred. Please try again.', {})).toBeInTheDocument();
  });

  it('closes the modal and removes the parameter on cancel', async () => {
    const { user, location } = await openCompany({ query: '?tab=overview&modal=tax_id' });
    const dialog = await screen.findByRole('dialog', { name: 'Company tax number' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location.current?.search).toBe('?tab=overview');
  });
});

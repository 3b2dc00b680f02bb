import type { FinanceObject } from '@finportal/contracts/finance-objects';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody, type MockRoute } from '../../../test/api-mock';
import { buildApplication, buildCompanySearchResult } from '../../../test/factories';
import { i18n } from '../../../lib/i18n';
import { renderComponent } from '../../../test/render-component';
import { FinanceObjectsTab } from './finance-objects-tab';

const ID = 'app-1';
const LIST = `GET /user/applications/${ID}/finance_objects`;
const POST = `POST /user/applications/${ID}/finance_objects`;
const PUT = `PUT /user/applications/${ID}/finance_objects/:financeObjectId`;
const DELETE = `DELETE /user/applications/${ID}/finance_objects/:financeObjectId`;

const stored = (overrides: Partial<FinanceObject> = {}): FinanceObject => ({
  finance_object_id: 'fo-1',
  manufacturer: 'Liebherr',
  type: 'LTM 1050',
  built_at: 2021,
  detail_desc: null,
  net_purchase_price: 123456.5,
  down_payment: 10000,
  remaining_value: 5000,
  object_count: 2,
  financing_type: 'leasing',
  rental_state: 'no',
  is_fixed_interest: true,
  expected_delivery_date: '2026-09-30',
  merchant_name: 'Kran GmbH',
  merchant_street: 'Hafenstraße',
  merchant_house_num: '5',
  merchant_city: 'Hamburg',
  merchant_postcode: '20457',
  merchant_country: 'DE',
  merchant_company_id: null,
  ...overrides,
});

async function renderTab(
  objects: FinanceObject[],
  { max = 6, editable = true, api = {} }: { max?: number; editable?: boolean; api?: Record<string, MockRoute> } = {},
) {
  const user = userEvent.setup();
  const rendered = await renderComponent(<FinanceObjectsTab application={buildApplication({ applicationId: ID })} />, {
    api: {
      [LIST]: { body: { result: objects, max_finance_objects: max, is_editable: editable } },
      [POST]: ({ body }) => ({ status: 201, body: { finance_object_id: 'fo-new', ...(body as object) } }),
      [PUT]: ({ body }) => ({ body: { finance_object_id: 'fo-1', ...(body as object) } }),
      [DELETE]: { status: 204 },
      ...api,
    },
  });
  await screen.findByRole('heading', { level: 2, name: /^(Objects|Objekte)$/ });
  return { user, ...rendered };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const field = (name: string | RegExp) => within(dialog).getByRole('textbox', { name });
  await user.type(field('Manufacturer'), 'Caterpillar');
  await user.type(field('Type / model'), '320 GC');
  await user.type(field(/^Net purchase price/), '12,345.67');
  await user.type(field(/^Down payment/), '1,000');
  await user.type(field(/^Remaining value/), '500');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Financing type' }), 'Leasing');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Rental' }), 'Not rented out');
  await user.click(within(dialog).getByRole('radio', { name: 'No' }));
  await user.type(field('Merchant name'), 'Bagger AG');
  await user.type(field('Street'), 'Industrieweg');
  await user.type(field('House number'), '12');
  await user.type(field('Postcode'), '80331');
  await user.type(field('City'), 'München');
}

describe('the Objects tab', () => {
  it('shows each object as a card with its facts in the interface language', async () => {
    await renderTab([stored()]);
    const card = screen.getByRole('article', { name: 'Liebherr LTM 1050' });
    expect(card).toHaveTextContent('Year built2021');
    expect(card).toHaveTextContent('Number of objects2');
    expect(card).toHaveTextContent('Net purchase price€123,456.50');
    expect(card).toHaveTextContent('Down payment€10,000');
    expect(card).toHaveTextContent('Financing typeLeasing');
    expect(card).toHaveTextContent('RentalNot rented out');
    expect(card).toHaveTextContent('Fixed interest rateYes');
    expect(card).toHaveTextContent('Expected delivery date30.09.2026');
    expect(card).toHaveTextContent('Kran GmbH');
    expect(card).toHaveTextContent('Hafenstraße 5, 20457 Hamburg, Germany');
  });

  it('without objects: the empty state with the add button', async () => {
    await renderTab([]);
    expect(screen.getByRole('heading', { level: 3, name: 'No objects yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add object' })).toBeEnabled();
  });

  it('refuses a year built of 1850 and an empty form before anything is sent', async () => {
    const { user, api } = await renderTab([]);
    await user.click(screen.getByRole('button', { name: 'Add object' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add object' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Year built (optional)' }), '1850');
    await user.click(within(dialog).getByRole('button', { name: 'Add object' }));
    expect(within(dialog).getByText('The year built must be between 1900 and 2050.')).toBeInTheDocument();
    expect(within(dialog).getAllByText('This field is required.').length).toBeGreaterThan(5);
    expect(api.callsTo(POST)).toHaveLength(0);
  });

  it('adds an object: amounts read in the language, the date sent as YYYY-MM-DD', async () => {
    const { user, api } = await renderTab([]);
    await user.click(screen.getByRole('button', { name: 'Add object' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add object' });
    await fillRequired(user, dialog);
    await user.type(within(dialog).getByRole('textbox', { name: /^Expected delivery date/ }), '01102026');
    expect(within(dialog).getByText('All fields are complete.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add object' }));
    expect(await screen.findByText('The object has been added.')).toBeInTheDocument();
    expect(api.callsTo(POST)[0]!.body).toMatchObject({
      manufacturer: 'Caterpillar',
      net_purchase_price: 12345.67,
      down_payment: 1000,
      remaining_value: 500,
      object_count: 1,
      financing_type: 'leasing',
      rental_state: 'no',
      is_fixed_interest: false,
      expected_delivery_date: '2026-10-01',
      merchant_country: 'DE',
      built_at: null,
    });
  });

  it('finds the merchant through the company search: a hit known to us fills the address and links the company', async () => {
    const hit = buildCompanySearchResult({
      id: '5d0c1a6e-1f44-4c5e-9a51-0f3f5b0c2a11',
      name: 'Baumaschinen Nord GmbH',
      street: 'Kaiserkai 3',
      street_name: 'Kaiserkai',
      house_number: '3',
      plz: '20457',
      ort: 'Hamburg',
      land: 'DE',
      isInternal: true,
    });
    const { user, api } = await renderTab([], {
      api: { 'GET /company_search': { body: { our_companies: [hit], external_provider_companies: [] } } },
    });
    await user.click(screen.getByRole('button', { name: 'Add object' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add object' });
    await fillRequired(user, dialog);
    for (const name of ['Merchant name', 'Street', 'House number', 'Postcode', 'City']) {
      await user.clear(within(dialog).getByRole('textbox', { name }));
    }
    await user.type(within(dialog).getByRole('textbox', { name: /^Find the merchant/ }), 'Baumaschinen');
    await user.click(await within(dialog).findByRole('button', { name: /Baumaschinen Nord GmbH/ }));
    expect(within(dialog).getByRole('textbox', { name: 'Merchant name' })).toHaveValue('Baumaschinen Nord GmbH');
    expect(within(dialog).getByRole('textbox', { name: 'City' })).toHaveValue('Hamburg');
    expect(within(dialog).getByText(/The details of Baumaschinen Nord GmbH have been filled in/)).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo('GET /company_search')[0]!.query)).toMatchObject({
      name: 'Baumaschinen',
      country: 'DE',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Add object' }));
    expect(await screen.findByText('The object has been added.')).toBeInTheDocument();
    expect(api.callsTo(POST)[0]!.body).toMatchObject({
      merchant_name: 'Baumaschinen Nord GmbH',
      merchant_street: 'Kaiserkai',
      merchant_house_num: '3',
      merchant_postcode: '20457',
      merchant_city: 'Hamburg',
      merchant_company_id: hit.id,
    });
  });

  it('drops the company link when the merchant name is changed after picking', async () => {
    const hit = buildCompanySearchResult({ id: 'c-1', name: 'Kran GmbH', isInternal: true, land: 'DE' });
    const { user, api } = await renderTab([], {
      api: { 'GET /company_search': { body: { our_companies: [hit], external_provider_companies: [] } } },
    });
    await user.click(screen.getByRole('button', { name: 'Add object' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add object' });
    await fillRequired(user, dialog);
    await user.type(within(dialog).getByRole('textbox', { name: /^Find the merchant/ }), 'Kran GmbH');
    await user.click(await within(dialog).findByRole('button', { name: /Kran GmbH/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Merchant name' }), ' Süd');
    await user.click(within(dialog).getByRole('button', { name: 'Add object' }));
    expect(await screen.findByText('The object has been added.')).toBeInTheDocument();
    expect(api.callsTo(POST)[0]!.body).toMatchObject({ merchant_name: 'Kran GmbH Süd', merchant_company_id: null });
  });

  it('puts the server’s field errors on their fields and toasts err_finance_objects_max', async () => {
    let answer = 0;
    const { user } = await renderTab([], {
      api: {
        [POST]: () =>
          ++answer === 1
            ? { status: 400, body: errorBody({ code: 'err_invalid_value', field: 'merchant_postcode' }) }
            : { status: 409, body: errorBody({ code: 'err_finance_objects_max', values: { max: 6 } }) },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add object' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add object' });
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add object' }));
    const postcode = within(dialog).getByRole('textbox', { name: 'Postcode' });
    await waitFor(() => expect(postcode).toHaveAccessibleDescription(/./));
    await user.click(within(dialog).getByRole('button', { name: 'Add object' }));
    expect(await screen.findByText('You can add at most 6 objects per application.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add object' })).toBeInTheDocument();
  });

  it('edits an object with PUT and every field', async () => {
    const { user, api } = await renderTab([stored()]);
    await user.click(screen.getByRole('button', { name: 'Edit Liebherr LTM 1050' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Liebherr LTM 1050' });
    expect(within(dialog).getByRole('textbox', { name: /^Expected delivery date/ })).toHaveValue('30.09.2026');
    const count = within(dialog).getByRole('textbox', { name: 'Number of objects' });
    await user.clear(count);
    await user.type(count, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The object has been saved.')).toBeInTheDocument();
    expect(api.callsTo(PUT)[0]!.body).toMatchObject({ object_count: 3, expected_delivery_date: '2026-09-30' });
  });

  it('deletes an object after confirmation', async () => {
    const { user, api } = await renderTab([stored()]);
    await user.click(screen.getByRole('button', { name: 'Delete Liebherr LTM 1050' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete object?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The object has been deleted.')).toBeInTheDocument();
    expect(api.callsTo(DELETE)).toHaveLength(1);
  });

  it('at the maximum: the add button is disabled and names the maximum', async () => {
    await renderTab([stored(), stored({ finance_object_id: 'fo-2', type: 'LTM 1060' })], { max: 2 });
    const add = screen.getByRole('button', { name: 'Add object' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(
      'You have added the maximum of 2 objects for this application. To add another, delete one first.',
    );
  });

  it('not editable: a read-only list that says why', async () => {
    await renderTab([stored()], { editable: false });
    expect(
      screen.getByText(/only be added, changed or deleted while the application is open or in pre-check/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add object|Edit|Delete/ })).not.toBeInTheDocument();
  });
});

describe('the Objects tab in German', () => {
  it('reads amounts written the German way (12.345,67) and shows them so', async () => {
    await i18n.changeLanguage('de');
    const { user, api } = await renderTab([]);
    await user.click(screen.getByRole('button', { name: 'Objekt hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Objekt hinzufügen' });
    const price = within(dialog).getByRole('textbox', { name: /^Netto-Kaufpreis/ });
    await user.type(price, '12.345,67');
    await user.tab();
    expect(price).toHaveValue('12.345,67');
    await user.click(within(dialog).getByRole('button', { name: 'Objekt hinzufügen' }));
    expect(within(dialog).getAllByText('Dieses Feld ist ein Pflichtfeld.').length).toBeGreaterThan(0);
    // The price was read as 12345.67: it needs nothing more.
    expect(price).not.toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(POST)).toHaveLength(0);
  });
});

import type { Locator, Page } from '@playwright/test';
import { registerViaApi } from './support/api';
import {
  alpenApplication,
  confirmEmailViaApi,
  createApplicationViaApi,
  loginViaApi,
  seedFixtures,
  useLanguage,
  useSession,
} from './support/dashboard';
import { partnerUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { dismissToasts } from './support/toasts';
import { uniqueEmail } from './support/mailbox';
import { checkPage } from './support/page-check';

// Issue 12: the Objects tab of an object-financing application (alpen: at most 6 objects), against
// the real API. English texts throughout.
test.use({ locale: 'en-GB' });

const card = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });

/** A confirmed alpen customer with an object-financing application (machines). */
async function objectFinancingCustomer(page: Page) {
  const email = uniqueEmail('objects');
  await registerViaApi('alpen', email, 'en');
  await confirmEmailViaApi(page.request, 'alpen', email);
  const cookie = await loginViaApi('alpen', email);
  const created = await createApplicationViaApi(
    'alpen',
    cookie,
    await alpenApplication('Objektbau Berger GmbH', {
      allBanksLoanPurpose: 'event_driven_financing_loan',
      purposeSelect: 'machinery_or_equipment',
      object_type: 'machine',
      loanDuration: 3,
    }),
  );
  await useLanguage(page.context(), 'alpen', 'en');
  await useSession(page.context(), 'alpen', cookie);
  return { id: created.applicationId };
}

/** Every required field of an object, typed as a customer types them (English notation). */
async function fillObject(
  form: Locator,
  object: { manufacturer: string; type: string; year: string; price: string },
  { merchantTyped = true } = {},
) {
  await form.getByLabel(/^Manufacturer/).fill(object.manufacturer);
  await form.getByLabel(/^Type \/ model/).fill(object.type);
  await form.getByLabel(/^Year built/).fill(object.year);
  await form.getByLabel(/^Number of objects/).fill('2');
  await form.getByLabel(/^Net purchase price/).fill(object.price);
  await form.getByLabel(/^Down payment/).fill('10,000');
  await form.getByLabel(/^Remaining value/).fill('5,000.50');
  await form.getByRole('combobox', { name: /^Financing type/ }).selectOption('leasing');
  await form.getByRole('combobox', { name: /^Rental/ }).selectOption('no');
  await form
    .getByRole('radiogroup', { name: /^Fixed interest rate/ })
    .getByRole('radio', { name: 'Yes' })
    .check();
  if (!merchantTyped) return;
  await form.getByLabel(/^Merchant name/).fill('Maschinenhandel Süd GmbH');
  await form.getByLabel(/^Street/).fill('Industriestraße');
  await form.getByLabel(/^House number/).fill('7a');
  await form.getByLabel(/^Postcode/).fill('70565');
  await form.getByLabel(/^City/).fill('Stuttgart');
  await form.getByRole('combobox', { name: /^Country/ }).selectOption('DE');
}

test('objects: the pending item leads to the tab, a year of 1850 is refused then fixed, edit, delete, and the maximum', async ({
  page,
}, testInfo) => {
  // A long walk (two objects, an edit, a delete, the maximum): time for a busy machine.
  test.setTimeout(360_000);
  const { id } = await objectFinancingCustomer(page);
  await page.goto(partnerUrl('alpen', `/dashboard/applications/${id}`));

  // The overview's pending item leads to the tab and its empty state.
  const item = page.getByRole('region', { name: 'Open items' }).locator('[data-action="finance_objects"]');
  await expect(item).toBeVisible();
  await item.getByRole('link', { name: 'Go to objects' }).click();
  await expect(page).toHaveURL(/tab=objects/);
  await expect(page.getByRole('heading', { name: 'No objects yet' })).toBeVisible();
  await checkPage(page, testInfo, 'objects-empty');

  // The first object: 1850 is refused on the field, nothing is sent; 2024 is accepted.
  await page.getByRole('button', { name: 'Add object' }).click();
  const form = page.getByRole('dialog', { name: 'Add object' });
  await fillObject(
    form,
    { manufacturer: 'Trumpf', type: 'TruLaser 3030', year: '1850', price: '250,000' },
    { merchantTyped: false },
  );
  // The merchant from the company search (the German register): name and address filled in.
  await form.getByRole('combobox', { name: /^Country/ }).selectOption('DE');
  await form.getByLabel(/^Find the merchant/).fill('Musterbau Schmidt');
  await form.getByRole('button', { name: /Musterbau Schmidt GmbH/ }).click();
  await expect(form.getByLabel(/^Merchant name/)).toHaveValue('Musterbau Schmidt GmbH');
  await expect(form.getByLabel(/^City/)).toHaveValue('Berlin');
  await form.getByRole('button', { name: 'Add object' }).click();
  await expect(form.getByText('The year built must be between 1900 and 2050.')).toBeVisible();
  await expect(form.getByLabel(/^Year built/)).toBeFocused();
  await checkPage(page, testInfo, 'objects-form-error');
  await form.getByLabel(/^Year built/).fill('2024');
  await expect(form.getByText('The year built must be between 1900 and 2050.')).toHaveCount(0);
  await form.getByRole('button', { name: 'Add object' }).click();
  await expect(form).toBeHidden();
  const trumpf = card(page, 'Trumpf TruLaser 3030');
  await expect(trumpf).toBeVisible();
  await expect(trumpf).toContainText('2024');
  await expect(trumpf).toContainText('Musterbau Schmidt GmbH');

  // The second object, and the down payment above the price refused on its field.
  await page.getByRole('button', { name: 'Add object' }).click();
  const second = page.getByRole('dialog', { name: 'Add object' });
  await fillObject(second, { manufacturer: 'Liebherr', type: 'LTM 1050', year: '2022', price: '8,000' });
  await second.getByRole('button', { name: 'Add object' }).click();
  await expect(second.getByText('The amount must not exceed the net purchase price.').first()).toBeVisible();
  await second.getByLabel(/^Down payment/).fill('1,000');
  await second.getByLabel(/^Remaining value/).fill('500');
  await second.getByRole('button', { name: 'Add object' }).click();
  await expect(second).toBeHidden();
  await expect(card(page, 'Liebherr LTM 1050')).toBeVisible();

  // Edit the second object's count; delete it after a confirmation.
  await card(page, 'Liebherr LTM 1050').getByRole('button', { name: 'Edit Liebherr LTM 1050' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Liebherr LTM 1050' });
  await edit.getByLabel(/^Number of objects/).fill('3');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await card(page, 'Liebherr LTM 1050').getByRole('button', { name: 'Delete Liebherr LTM 1050' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete object?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(card(page, 'Liebherr LTM 1050')).toHaveCount(0);
  await expect(page.getByText('The object has been deleted.')).toBeVisible();

  // Four more objects (five in all); the form is open when a sixth arrives from elsewhere: the
  // server refuses the seventh with the maximum, and the form keeps what was typed.
  await seedFixtures('alpen', id, { finance_objects: 4 });
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(5);
  await page.getByRole('button', { name: 'Add object' }).click();
  const seventh = page.getByRole('dialog', { name: 'Add object' });
  await fillObject(seventh, { manufacturer: 'Kuka', type: 'KR 210', year: '2023', price: '90,000' });
  await seedFixtures('alpen', id, { finance_objects: 1 });
  await seventh.getByRole('button', { name: 'Add object' }).click();
  await expect(page.getByText('You can add at most 6 objects per application.').first()).toBeVisible();
  await expect(seventh.getByLabel(/^Manufacturer/)).toHaveValue('Kuka');
  // The refusal's toast sits over the dialog's buttons at the bottom right: closed first, as a person does.
  await dismissToasts(page);
  await seventh.getByRole('button', { name: 'Cancel' }).click();

  // At the maximum the add button is disabled and says why.
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(6);
  const add = page.getByRole('button', { name: 'Add object' });
  await expect(add).toBeDisabled();
  await expect(page.getByText('You have added the maximum of 6 objects for this application.')).toBeVisible();
  await checkPage(page, testInfo, 'objects-max');
});

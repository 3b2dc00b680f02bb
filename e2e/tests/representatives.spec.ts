import type { Locator, Page } from '@playwright/test';
import { registerViaApi } from './support/api';
import {
  alpenApplication,
  COMPLETE_SIGNATORY,
  confirmEmailViaApi,
  createApplicationViaApi,
  demoApplication,
  loginViaApi,
  pendingActionsViaApi,
  seedFixtures,
  useLanguage,
  useSession,
} from './support/dashboard';
import { partnerUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { uniqueEmail } from './support/mailbox';
import { checkPage } from './support/page-check';

// Issue 10: the Representatives tab, against the real API (demo partner: guarantees required for
// working capital, Creditreform scores). English texts throughout.
test.use({ locale: 'en-GB' });

const card = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

/** A confirmed demo customer with an application for Musterbau Schmidt GmbH, taken from the demo register. */
async function customerWithRegisterCompany(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  await registerViaApi('demo', email, 'en');
  await confirmEmailViaApi(page.request, 'demo', email);
  const cookie = await loginViaApi('demo', email);
  const created = await createApplicationViaApi(
    'demo',
    cookie,
    demoApplication({ external_provider_company_id: 'DEMO-DE-000001' }),
  );
  await useLanguage(page.context(), 'demo', 'en');
  await useSession(page.context(), 'demo', cookie);
  return { cookie, id: created.applicationId };
}

/** The fields the register does not know, for a person living in Berlin. */
async function completeBerliner(form: Locator, options: { email?: string; phone?: string } = {}) {
  if (options.email) await form.getByLabel('E-mail', { exact: false }).first().fill(options.email);
  if (options.phone) await form.getByLabel('Phone', { exact: false }).first().fill(options.phone);
  await form.getByRole('combobox', { name: /^Nationality/ }).selectOption('DE');
  await form.getByLabel(/^Street/).fill('Hauptstraße');
  await form.getByLabel(/^House number/).fill('12');
  await form.getByLabel(/^Postcode/).fill('10115');
  await form.getByLabel(/^City/).fill('Berlin');
  await form.getByRole('combobox', { name: /^Country of residence/ }).selectOption('DE');
}

const answer = (form: Locator, question: string, yes: boolean) =>
  form
    .getByRole('radiogroup', { name: new RegExp(question) })
    .getByRole('radio', { name: yes ? 'Yes' : 'No' })
    .check();

test('from the pending item to the tab: add from the register, add by hand, break and fix the list rules, shortcuts, main contact, delete', async ({
  page,
}, testInfo) => {
  // A long walk through the tab (its country selects hold every ISO country): time for a busy machine.
  test.setTimeout(300_000);
  const { cookie, id } = await customerWithRegisterCompany(page, 'reps');
  await page.goto(partnerUrl('demo', `/dashboard/applications/${id}`));

  // The overview's pending item leads to the tab.
  const pending = page.getByRole('region', { name: 'Open items' });
  const item = pending.locator('[data-action="signatories_specified"]');
  await expect(item).toBeVisible();
  await item.getByRole('link', { name: 'Go to representatives' }).click();
  await expect(page).toHaveURL(/tab=representatives/);
  await expect(page.getByRole('heading', { name: 'Who needs to be added?' })).toBeVisible();
  await checkPage(page, testInfo, 'representatives-empty');

  // Add from the register: Thomas Schmidt, managing director who represents alone, 60 %.
  await page.getByRole('button', { name: 'Add from the register' }).click();
  const register = dialog(page, 'Add from the register');
  await expect(register.getByText('Anna Berger')).toBeVisible();
  await register.getByRole('button', { name: 'Choose Thomas Schmidt' }).click();
  let form = dialog(page, 'Add person');
  await expect(form.getByLabel(/^First name/)).toHaveValue('Thomas');
  await expect(form.getByLabel(/^Date of birth/)).toHaveValue('12.03.1968');
  await completeBerliner(form, { email: 'thomas.schmidt@example.com', phone: '+49 30 1234567' });
  await answer(form, 'sign the contract', true);
  await form.getByRole('button', { name: 'Add person' }).click();
  await expect(form).toBeHidden();
  const thomas = card(page, 'Thomas Schmidt');
  await expect(thomas).toContainText(/Beneficial owner · 60\s?%/);
  await expect(thomas).toContainText('Creditreform Germany');
  await expect(page.getByRole('status').filter({ hasText: 'The list is complete' })).toBeVisible();

  // Anna Berger by hand, as a beneficial owner with 18 %: the panel names her.
  await page.getByRole('button', { name: 'Add person' }).click();
  form = dialog(page, 'Add person');
  await form.getByLabel(/^First name/).fill('Anna');
  await expect(form.getByText(/Still missing/)).toBeVisible();
  await form.getByLabel(/^Last name/).fill('Berger');
  await form.getByLabel(/^Date of birth/).fill('30/11/1985');
  await completeBerliner(form);
  await answer(form, 'beneficial owner', true);
  await form.getByLabel(/^Share in the company/).fill('18');
  await answer(form, 'legally represent', false);
  await answer(form, 'sign the contract', false);
  await form.getByRole('button', { name: 'Add person' }).click();
  await expect(form).toBeHidden();
  const panel = page.getByRole('status').filter({ hasText: 'The list is not complete yet' });
  await expect(panel).toContainText(/Anna Berger holds 18\s?%: a beneficial owner holds at least 25\s?%/);
  expect(await pendingActionsViaApi('demo', cookie, id)).toContain('signatories_minimum_data');

  // Fix it: Anna is no beneficial owner.
  await card(page, 'Anna Berger').getByRole('button', { name: 'Edit Anna Berger' }).click();
  form = dialog(page, 'Edit Anna Berger');
  await answer(form, 'beneficial owner', false);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'The list is complete' })).toBeVisible();

  // Shares above 100 % are refused on the field, nothing stored.
  await card(page, 'Anna Berger').getByRole('button', { name: 'Edit Anna Berger' }).click();
  form = dialog(page, 'Edit Anna Berger');
  await form.getByLabel(/^Share in the company/).fill('50');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(/100/).first()).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();

  // One signer who cannot sign alone: the panel asks for a second one.
  await thomas.getByRole('button', { name: 'Edit Thomas Schmidt' }).click();
  form = dialog(page, 'Edit Thomas Schmidt');
  await answer(form, 'sign for the company alone', false);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(panel).toContainText('Add a second signatory or mark Thomas Schmidt as able to sign alone');
  await checkPage(page, testInfo, 'representatives-incomplete');
  await thomas.getByRole('button', { name: 'Edit Thomas Schmidt' }).click();
  form = dialog(page, 'Edit Thomas Schmidt');
  await answer(form, 'sign for the company alone', true);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  // Guarantors (demo requires guarantees): Thomas at 40 % is not enough.
  await thomas.getByRole('button', { name: 'Edit Thomas Schmidt' }).click();
  form = dialog(page, 'Edit Thomas Schmidt');
  await form.getByLabel(/^Share in the company/).fill('40');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(panel).toContainText(/Guarantors together must hold more than 50\s?%/);

  // Main contact needs a phone: refused for Anna, who has none.
  const anna = card(page, 'Anna Berger');
  await expect(anna.getByRole('button', { name: 'Make main contact: Anna Berger' })).toBeDisabled();

  // The phone shortcut cleans pasted text.
  await anna.getByRole('button', { name: 'Add phone number of Anna Berger' }).click();
  const phone = dialog(page, 'Phone number of Anna Berger');
  const input = phone.getByLabel(/^Phone/);
  await input.focus();
  await page.evaluate(() => {
    const target = document.activeElement as HTMLInputElement;
    const data = new DataTransfer();
    data.setData('text/plain', '+49 (30) 123-456 78 abc');
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(input).toHaveValue('+49(30)123-45678');
  await phone.getByRole('button', { name: 'Save' }).click();
  await expect(phone).toBeHidden();
  await expect(anna).toContainText('+49 30 12345678');

  // Delete with confirmation.
  await anna.getByRole('button', { name: 'Delete Anna Berger' }).click();
  const confirm = dialog(page, 'Delete person?');
  await expect(confirm).toContainText('Anna Berger');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(card(page, 'Anna Berger')).toHaveCount(0);
  await expect(thomas).toBeVisible();
});

test('keyboard only: add from the register, complete the form and delete', async ({ page }, testInfo) => {
  await customerWithRegisterCompany(page, 'reps-keys');
  await page.goto(partnerUrl('demo', '/dashboard/applications'));
  await expect(page.getByRole('heading', { level: 1, name: 'My loans' })).toBeVisible();
  await page.getByRole('link', { name: 'Complete application' }).first().click();
  await page.getByRole('tab', { name: 'Representatives' }).focus();
  await page.keyboard.press('Enter');
  const fromRegister = page.getByRole('button', { name: 'Add from the register' });
  await expect(fromRegister).toBeVisible();
  await fromRegister.focus();
  await page.keyboard.press('Enter');
  const register = dialog(page, 'Add from the register');
  await register.getByRole('button', { name: 'Choose Thomas Schmidt' }).focus();
  await page.keyboard.press('Enter');
  const form = dialog(page, 'Add person');
  await expect(form.getByLabel(/^First name/)).toHaveValue('Thomas');
  // Fields are reached with Tab and filled by typing.
  await form.getByLabel('E-mail', { exact: false }).first().focus();
  await page.keyboard.type('thomas.schmidt@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('+49 30 1234567');
  await completeBerliner(form);
  const willing = form.getByRole('radiogroup', { name: /sign the contract/ }).getByRole('radio', { name: 'Yes' });
  await willing.focus();
  await page.keyboard.press('Space');
  await expect(willing).toBeChecked();
  await form.getByRole('button', { name: 'Add person' }).focus();
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();
  const thomas = card(page, 'Thomas Schmidt');
  await expect(thomas).toBeVisible();
  await checkPage(page, testInfo, 'representatives-one-person');

  await thomas.getByRole('button', { name: 'Delete Thomas Schmidt' }).focus();
  await page.keyboard.press('Enter');
  const confirm = dialog(page, 'Delete person?');
  await confirm.getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  await expect(thomas).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Who needs to be added?' })).toBeVisible();
});

test("alpen: the partner's own questions about each person, on the form, the card and the open items", async ({
  page,
  context,
  request,
}, testInfo) => {
  const email = uniqueEmail('reps-alpen');
  await registerViaApi('alpen', email, 'en');
  await confirmEmailViaApi(request, 'alpen', email);
  const cookie = await loginViaApi('alpen', email);
  const company = `Seilbahn Service ${Date.now().toString(36)}-${testInfo.project.name} GmbH`;
  const app = await createApplicationViaApi('alpen', cookie, await alpenApplication(company));
  await useLanguage(context, 'alpen', 'en');
  await useSession(context, 'alpen', cookie);
  await page.goto(partnerUrl('alpen', `/dashboard/applications/${app.applicationId}?tab=representatives`));

  await page.getByRole('button', { name: 'Add person' }).click();
  const form = dialog(page, 'Add person');
  // The signatory form of alpen for working capital: its step title, its fields, required ones in the missing list.
  await expect(form.getByRole('heading', { name: 'More about the person' })).toBeVisible();
  await expect(form.getByRole('status')).toContainText('Politically exposed person (PEP)?');
  await expect(form.getByLabel(/Net monthly income/)).toHaveCount(0);
  await form.getByLabel(/^First name/).fill('Maria');
  await form.getByLabel(/^Last name/).fill('Hofer');
  await form.getByLabel(/^Date of birth/).fill('12031968');
  await completeBerliner(form);
  await answer(form, 'beneficial owner', false);
  await answer(form, 'legally represent', true);
  await answer(form, 'sign the contract', false);
  await answer(form, 'sign for the company alone', true);
  await expect(form.getByRole('status')).toHaveText('Still missing: Politically exposed person (PEP)?');
  await answer(form, 'Politically exposed', false);
  await form.getByRole('combobox', { name: /^Marital status/ }).selectOption('married');
  // A date in the future is refused at the field, and nothing is saved.
  const since = form.getByLabel(/^Living at this address since/);
  await since.fill('01.01.2099');
  await since.blur();
  await expect(form.getByText(/The date must not be after/)).toBeVisible();
  await form.getByRole('button', { name: 'Add person' }).click();
  await expect(since).toBeFocused();
  await since.fill('01.03.2015');
  await checkPage(page, testInfo, 'representatives-custom-fields');
  await form.getByRole('button', { name: 'Add person' }).click();
  await expect(form).toBeHidden();

  const maria = card(page, 'Maria Hofer');
  const value = (label: string) => maria.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(value('Politically exposed person (PEP)?')).toHaveText('No');
  await expect(value('Marital status')).toHaveText('married');
  await expect(value('Living at this address since')).toHaveText('01.03.2015');
  await expect(maria).not.toContainText('Still missing');

  // Edit one answer: only it changes.
  await maria.getByRole('button', { name: 'Edit Maria Hofer' }).click();
  const edit = dialog(page, /Maria Hofer/);
  await edit.getByRole('combobox', { name: /^Marital status/ }).selectOption('divorced');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(value('Marital status')).toHaveText('divorced');
  await expect(value('Living at this address since')).toHaveText('01.03.2015');

  // The open items count a person without the required answer as incomplete: a complete person
  // but for the PEP question (added through the fixtures route) makes the data item open again.
  expect(await pendingActionsViaApi('alpen', cookie, app.applicationId)).not.toContain('signatories_minimum_data');
  await seedFixtures('alpen', app.applicationId, {
    signatories: [{ ...COMPLETE_SIGNATORY, first_name: 'Paul', last_name: 'Hofer', percentage_owned: 0.3 }],
  });
  await page.reload();
  await expect(card(page, 'Paul Hofer')).toContainText('Missing: Politically exposed person (PEP)?');
  expect(await pendingActionsViaApi('alpen', cookie, app.applicationId)).toContain('signatories_minimum_data');
});

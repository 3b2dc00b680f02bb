import type { Locator, Page, TestInfo } from '@playwright/test';
import { dismissToasts } from './support/toasts';
import { buildDebitorCsv, buildFactoringApplicationInput } from '@finportal/testing/factories';
import { apiCall, registerViaApi } from './support/api';
import {
  confirmEmailViaApi,
  createApplicationViaApi,
  loginViaApi,
  pendingActionsViaApi,
  useLanguage,
  useSession,
} from './support/dashboard';
import { partnerUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { chooseFiles } from './support/files';
import { uniqueEmail } from './support/mailbox';
import { checkPage } from './support/page-check';

// Issue 12: the Factoring tab of a classic factoring application of the demo partner, against the
// real API: the three detail cards through their edit modals, debtors from the credit insurer's
// directory and typed in, a cover request answered by the demo insurer through the job queue, the
// CSV import with its preview, and the concentration figure. English texts throughout.
test.use({ locale: 'en-GB' });

const card = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const radio = (form: Locator, group: RegExp, yes: boolean) =>
  form
    .getByRole('radiogroup', { name: group })
    .getByRole('radio', { name: yes ? 'Yes' : 'No' })
    .check();

/** The page without its toasts (closed, see support/toasts.ts). */
async function withoutToasts(page: Page) {
  await dismissToasts(page);
}

/**
 * A suffix no other project, retry or repeat of this test uses (the companies a customer types
 * in and imports carry it, and their register numbers: seven digits, beyond the demo register's).
 */
function runSuffix(testInfo: TestInfo) {
  const run = (testInfo.project.name === 'phone' ? 1 : 0) + 2 * testInfo.retry + 4 * testInfo.repeatEachIndex;
  const stamp = Date.now() % 100_000;
  return { label: `${stamp.toString(36)}${run}`.toUpperCase(), number: 3_000_000 + ((stamp * 16 + run) % 6_000_000) };
}

/** A confirmed demo customer with a classic factoring application (sales 1,500,000, of which 300,000 abroad). */
async function factoringCustomer(page: Page) {
  const email = uniqueEmail('factoring');
  await registerViaApi('demo', email, 'en');
  await confirmEmailViaApi(page.request, 'demo', email);
  const cookie = await loginViaApi('demo', email);
  const created = await createApplicationViaApi('demo', cookie, buildFactoringApplicationInput());
  await useLanguage(page.context(), 'demo', 'en');
  await useSession(page.context(), 'demo', cookie);
  return { cookie, id: created.applicationId };
}

/** The debtors' company names as the API lists them (largest sales first). */
async function debitorNames(cookie: string, id: string): Promise<string[]> {
  const res = await apiCall('demo', 'GET', `/user/applications/${id}/factoring/debitors`, undefined, cookie);
  expect(res.status).toBe(200);
  return (res.json as { result: { company: { company_name: string } }[] }).result.map((d) => d.company.company_name);
}

test('factoring: the three cards, two debtors, a cover request that ends in Cover, a CSV import with a duplicate, the concentration', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const suffix = runSuffix(testInfo);
  const { cookie, id } = await factoringCustomer(page);
  await page.goto(partnerUrl('demo', `/dashboard/applications/${id}`));

  // 1. The overview's pending item leads to the tab and its empty state.
  const item = page.getByRole('region', { name: 'Open items' }).locator('[data-action="factoring_details"]');
  await expect(item).toBeVisible();
  await item.getByRole('link', { name: 'Go to factoring' }).click();
  await expect(page).toHaveURL(/tab=factoring/);
  await expect(page.getByRole('heading', { name: 'Factoring details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No debtors yet' })).toBeVisible();
  const financials = card(page, 'Financial details');
  await expect(financials).toContainText(/answers? missing/);
  await checkPage(page, testInfo, 'factoring-empty');

  // 2a. Financial details: a portfolio text of 20 characters and sales abroad above the total are
  // refused on their fields before anything is sent; fixed, the card is saved.
  await financials.getByRole('button', { name: 'Edit Financial details' }).click();
  let form = dialog(page, 'Edit: Financial details');
  await radio(form, /^Customers abroad/, true);
  await form.getByLabel(/^Your company and what it sells/).fill('Wholesale of bolts.');
  await form.getByLabel(/^Annual sales last year/).fill('1,500,000');
  await form.getByLabel(/^Of which with customers abroad/).fill('1,600,000');
  await form.getByLabel(/^Planned annual sales next year/).fill('1,800,000');
  await form.getByLabel(/^Of which planned with customers abroad/).fill('400,000');
  await form.getByLabel(/^Planned sales to be factored/).fill('1,200,000');
  await form.getByLabel(/^Of which to be factored abroad/).fill('250,000');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('Please enter at least 40 characters.')).toBeVisible();
  await expect(form.getByText(/cannot exceed/)).toBeVisible();
  await expect(form.getByLabel(/^Your company and what it sells/)).toBeFocused();
  await checkPage(page, testInfo, 'factoring-form-error');
  await form
    .getByLabel(/^Your company and what it sells/)
    .fill('Wholesale of industrial supplies for about 300 regular customers in southern Germany');
  await form.getByLabel(/^Of which with customers abroad/).fill('300,000');
  await expect(form.getByText('Please enter at least 40 characters.')).toHaveCount(0);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();
  await expect(financials.getByText('Complete', { exact: true })).toBeVisible();

  // 2b. Invoices.
  const invoices = card(page, 'Invoices');
  await invoices.getByRole('button', { name: 'Edit Invoices' }).click();
  form = dialog(page, 'Edit: Invoices');
  await form.getByLabel(/^Invoices issued per year/).fill('2,400');
  await form.getByLabel(/^Of which to customers abroad/).fill('300');
  await form
    .getByRole('group', { name: /^Invoice currencies(?! abroad)/ })
    .getByRole('checkbox', { name: 'EUR' })
    .check();
  const abroadCurrencies = form.getByRole('group', { name: /^Invoice currencies abroad/ });
  await abroadCurrencies.getByRole('checkbox', { name: 'EUR' }).check();
  await abroadCurrencies.getByRole('checkbox', { name: 'CHF' }).check();
  await form.getByLabel(/^Largest invoice last year/).fill('45,000');
  await form.getByLabel(/^Largest invoice abroad last year/).fill('20,000');
  await form.getByLabel(/^Payment term of your invoices/).fill('30');
  await form.getByLabel(/^Payment term abroad/).fill('45');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();
  await expect(invoices.getByText('Complete', { exact: true })).toBeVisible();

  // 2c. Risk protection.
  const risk = card(page, 'Risk protection');
  await risk.getByRole('button', { name: 'Edit Risk protection' }).click();
  form = dialog(page, 'Edit: Risk protection');
  await form.getByLabel(/^Bad debts last year/).fill('8,000');
  await form.getByLabel(/^Of which bad debts abroad last year/).fill('1,000');
  await form.getByLabel(/^Bad debts this year/).fill('2,500.50');
  await form.getByLabel(/^Of which bad debts abroad this year/).fill('0');
  await radio(form, /^Receivables already assigned/, false);
  await radio(form, /^Trade credit insurance/, true);
  await form.getByLabel(/^Comment on: Trade credit insurance/).fill('Policy with a credit insurer, 10 % deductible');
  await radio(form, /^Factoring already in place/, false);
  await radio(form, /^Central settlement/, false);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();
  await expect(risk.getByText('Complete', { exact: true })).toBeVisible();
  await expect(risk).toContainText('Comment: Policy with a credit insurer, 10 % deductible');
  await expect(financials).toContainText('€1,500,000');
  await withoutToasts(page);
  await checkPage(page, testInfo, 'factoring-cards-filled');

  // 3a. A debtor from the credit insurer's directory: Musterbau Schmidt GmbH in Germany.
  await page.getByRole('button', { name: 'Add debtor' }).click();
  form = dialog(page, 'Add debtor');
  await expect(form.getByRole('combobox', { name: 'Country of the company' })).toHaveValue('DE');
  await form.getByRole('textbox', { name: /^Company name/ }).fill('Musterbau Schmidt');
  await form
    .getByRole('button', { name: /Musterbau Schmidt GmbH/ })
    .first()
    .click();
  await expect(form.getByText('Selected: Musterbau Schmidt GmbH')).toBeVisible();
  await expect(form.getByText(/The credit insurer knows this company/)).toBeVisible();
  await form.getByLabel(/^Sales with this debtor last year/).fill('250,000');
  await expect(form.getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR');
  await form.getByRole('button', { name: 'Add debtor' }).click();
  await expect(form).toBeHidden();
  const table = page.getByRole('table', { name: /debtors?, largest sales first/ });
  const row = (name: string | RegExp) => table.getByRole('row').filter({ hasText: name });
  const musterbau = row('Musterbau Schmidt GmbH');
  await expect(musterbau).toContainText('€250,000');
  await expect(musterbau).toContainText('Not requested');

  // 3b. A company the search does not know, typed in ("Company not found?"), with sales in CHF.
  const typedName = `Seeblick Handel ${suffix.label} GmbH`;
  await page.getByRole('button', { name: 'Add debtor' }).click();
  form = dialog(page, 'Add debtor');
  await form.getByRole('textbox', { name: /^Company name/ }).fill(`Seeblick Handel ${suffix.label}`);
  await expect(form.getByText(/No compan(y|ies) found/i).first()).toBeVisible();
  await expect(form.getByText('Company not found?')).toBeVisible();
  await form.getByRole('button', { name: 'Enter the company yourself' }).click();
  await expect(form.getByRole('heading', { name: 'Enter the company' })).toBeVisible();
  const companyName = form.getByRole('textbox', { name: /^Company name/ });
  await expect(companyName).toBeFocused();
  await expect(companyName).toHaveValue(`Seeblick Handel ${suffix.label}`);
  await companyName.fill(typedName);
  await form.getByRole('combobox', { name: /^Legal form/ }).selectOption('GMBH');
  await form.getByLabel(/^Street/).fill('Seestraße');
  await form.getByLabel(/^House number/).fill('4');
  await form.getByLabel(/^Postcode/).fill('78462');
  await form.getByLabel(/^City/).fill('Konstanz');
  await form.getByLabel(/^Register number/).fill(`HRB ${suffix.number}`);
  await form.getByLabel(/^Sales with this debtor last year/).fill('90,000');
  await form.getByRole('combobox', { name: 'Currency' }).selectOption('CHF');
  await form.getByRole('button', { name: 'Add debtor' }).click();
  await expect(form).toBeHidden();
  const seeblick = row(typedName);
  await expect(seeblick).toContainText(/CHF\s?90,000/);
  await expect(seeblick).toContainText('Cover can be requested only for companies known to the credit insurer.');
  await expect(seeblick.getByRole('button', { name: /Request cover/ })).toHaveCount(0);

  // 4. Cover for Musterbau: Pending at once, then (the demo insurer answers on the job queue, the
  // list is polled) Covered with the amount and its currency.
  await musterbau.getByRole('button', { name: 'Request cover for Musterbau Schmidt GmbH' }).click();
  await expect(musterbau.locator('[data-cover-status]')).toHaveText('Pending');
  await expect(musterbau.locator('[data-cover-status]')).toHaveText('Covered', { timeout: 30_000 });
  await expect(musterbau).toContainText('Covered: €250,000');
  await expect(musterbau).toContainText("Insurer's decision no. DEMO-COVER-DCI-DE-000001");
  await expect(
    page.getByRole('status').filter({ hasText: "Credit insurer's answer for Musterbau Schmidt GmbH: Covered." }),
  ).toBeAttached();
  await withoutToasts(page);
  await checkPage(page, testInfo, 'factoring-cover');

  // 5. The CSV import: Musterbau again (a stored debtor) and a new company. The preview marks the
  // duplicate and stores nothing; "Import 1 debtor" stores the new one.
  const importedName = `Bergwerk Logistik ${suffix.label} GmbH`;
  const csv = buildDebitorCsv([
    {
      company_name: 'Musterbau Schmidt GmbH',
      country: 'DE',
      register_id: 'HRB 123456 B',
      annual_sales: '250000,00',
      currency: 'EUR',
    },
    {
      company_name: importedName,
      country: 'DE',
      register_id: `HRB ${suffix.number + 1}`,
      annual_sales: '120000,00',
      currency: 'EUR',
    },
  ]);
  await page.getByRole('button', { name: 'Import from CSV' }).click();
  const importer = dialog(page, 'Import debtors from a CSV file');
  await chooseFiles(importer.getByRole('button', { name: 'Choose CSV file' }), {
    name: 'debtors.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  const preview = importer.getByRole('table', { name: 'Preview of the file' });
  await expect(
    importer.getByText(/2 rows: 1 ready to import, 1 duplicate, 0 with errors\. Nothing has been stored yet\./),
  ).toBeVisible();
  const duplicateRow = preview.getByRole('row').filter({ hasText: 'Musterbau Schmidt GmbH' });
  await expect(duplicateRow).toHaveAttribute('data-status', 'duplicate');
  await expect(duplicateRow).toContainText('Duplicate');
  await expect(duplicateRow).toContainText('Already one of your debtors (Musterbau Schmidt GmbH).');
  const newRow = preview.getByRole('row').filter({ hasText: importedName });
  await expect(newRow).toHaveAttribute('data-status', 'ok');
  await expect(newRow).toContainText(`New company: ${importedName}`);
  await withoutToasts(page);
  await checkPage(page, testInfo, 'factoring-import-preview');
  // Nothing stored yet: the server still lists two debtors.
  expect(await debitorNames(cookie, id)).toEqual(['Musterbau Schmidt GmbH', typedName]);
  await importer.getByRole('button', { name: 'Import 1 debtor' }).click();
  await expect(importer).toBeHidden();
  await expect(page.getByText('1 debtor has been imported.')).toBeVisible();
  await expect(page.getByRole('table', { name: '3 debtors, largest sales first' })).toBeVisible();
  await expect(row(importedName)).toContainText('€120,000');
  await expect(table.getByRole('row').filter({ hasText: 'Musterbau Schmidt GmbH' })).toHaveCount(1);

  // 6. The concentration: Musterbau's 250,000 of the 370,000 listed in euros (the CHF debtor left out).
  const concentration = page.getByRole('region', { name: 'Concentration of your receivables' });
  await expect(concentration).toContainText('67.57%');
  await expect(concentration).toContainText('Musterbau Schmidt GmbH is your largest debtor');
  await expect(concentration).toContainText('€250,000 of €370,000');
  await expect(concentration).toContainText('1 debtor with sales in another currency than EUR is not counted.');
  await withoutToasts(page);
  await checkPage(page, testInfo, 'factoring-debtors');

  // The three cards complete and debtors listed: the factoring step is no longer an open item.
  expect(await pendingActionsViaApi('demo', cookie, id)).not.toContain('factoring_details');

  // 7. The company route (demo: company_link on): Musterbau's name links to its page, which shows
  // what the portal knows of it and this factoring application as the one it is a debtor in.
  await row('Musterbau Schmidt GmbH').getByRole('link', { name: 'Musterbau Schmidt GmbH' }).click();
  await expect(page).toHaveURL(/\/dashboard\/companies\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Musterbau Schmidt GmbH' })).toBeVisible();
  const companyDetails = page.getByRole('region', { name: 'Company details' });
  await expect(companyDetails).toContainText('Germany');
  await expect(companyDetails).toContainText('HRB 123456 B');
  await expect(companyDetails).toContainText('Known to the credit insurer (no. DCI-DE-000001)');
  const debtorIn = page.getByRole('region', { name: 'Debtor in' });
  const applicationLink = debtorIn.getByRole('link', { name: /^Factoring application / });
  await expect(applicationLink).toHaveAttribute('href', `/dashboard/applications/${id}?tab=factoring`);
  await expect(debtorIn).toContainText('Annual sales last year: €250,000');
  await expect(debtorIn).toContainText('Insurance cover: Cover');
  await withoutToasts(page);
  await checkPage(page, testInfo, 'company-page');
});

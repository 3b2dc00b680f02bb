import type { Page } from '@playwright/test';
import { PASSWORD, registerViaApi } from './support/api';
import { partnerUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { uniqueEmail } from './support/mailbox';
import { checkPage } from './support/page-check';

test.use({ locale: 'de-DE' });

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const next = (page: Page) => page.getByRole('button', { name: 'Weiter' }).click();

/** Step 2: search the demo registry and pick the company. */
async function pickCompany(page: Page, query: string, name: string) {
  await expect(heading(page, 'Ihr Unternehmen')).toBeVisible();
  await page.getByRole('textbox', { name: /^Name des Unternehmens/ }).fill(query);
  const hit = page.getByRole('button', { name: new RegExp(name) });
  await expect(hit).toBeVisible();
  return hit;
}

/** Step 4 (guests): register; the wizard logs in and creates the application. */
async function createAccount(page: Page, email: string) {
  await expect(heading(page, 'Konto erstellen')).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Passwort wiederholen').fill(PASSWORD);
  await page.getByRole('checkbox', { name: 'Alle auswählen' }).check();
  await page.getByRole('button', { name: 'Konto erstellen und Ergebnis anzeigen' }).click();
}

test('classic loan as a visitor: search, details, reload, account, offer, dashboard', async ({ page }, testInfo) => {
  await page.goto(partnerUrl('demo', '/'));
  await expect(page).toHaveURL(/\/application\/loan-info$/);
  await expect(heading(page, 'Ihr Finanzierungswunsch')).toBeVisible();
  await expect(page).toHaveTitle('Ihr Finanzierungswunsch - Demo Finanz');
  await expect(page.getByRole('navigation', { name: 'Fortschritt des Antrags' })).toContainText('Konto');
  await checkPage(page, testInfo, 'wizard-loan-info');

  // demo may type amounts (customized_application_amounts); duration typed too.
  const amount = page.getByRole('textbox', { name: /^Kreditbetrag/ });
  await amount.fill('250000');
  const duration = page.getByRole('textbox', { name: /^Laufzeit/ });
  await duration.fill('36');
  await expect(page.getByRole('slider', { name: 'Kreditbetrag' })).toHaveValue('250000');
  await next(page);

  const hit = await pickCompany(page, 'Musterbau', 'Musterbau Schmidt GmbH');
  // From the registry, or already ours when another test applied for it first.
  await expect(hit).toContainText(/Handelsregister|Bei uns bekannt/);
  await checkPage(page, testInfo, 'wizard-company-name');
  await hit.click();

  await expect(heading(page, 'Angaben zum Unternehmen')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Straße/ })).toHaveValue('Kastanienallee');
  await expect(page.getByRole('textbox', { name: /^Postleitzahl/ })).toHaveValue('10435');
  await expect(page.getByRole('combobox', { name: /^Rechtsform/ })).toHaveValue('GMBH');
  await page.getByRole('combobox', { name: /^Verwendungszweck/ }).selectOption('other');
  const description = page.getByRole('textbox', { name: /^Beschreibung des Verwendungszwecks/ });
  await description.fill('Vorfinanzierung eines Großauftrags für eine Schule in Pankow');

  // A reload in the middle keeps every value (localStorage), including the loan info.
  await page.reload();
  await expect(heading(page, 'Angaben zum Unternehmen')).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Verwendungszweck/ })).toHaveValue('other');
  await expect(description).toHaveValue('Vorfinanzierung eines Großauftrags für eine Schule in Pankow');
  await checkPage(page, testInfo, 'wizard-company-details');
  await page.getByRole('link', { name: /Finanzierung/ }).click();
  await expect(page.getByRole('textbox', { name: /^Kreditbetrag/ })).toHaveValue('250.000');
  await expect(page.getByRole('textbox', { name: /^Laufzeit/ })).toHaveValue('36');
  await next(page);
  await expect(heading(page, 'Ihr Unternehmen')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Name des Unternehmens/ })).toHaveValue('Musterbau Schmidt GmbH');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(heading(page, 'Angaben zum Unternehmen')).toBeVisible();
  await next(page);

  await expect(heading(page, 'Konto erstellen')).toBeVisible();
  await checkPage(page, testInfo, 'wizard-account-creation');
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/user/applications') && r.request().method() === 'POST',
  );
  await createAccount(page, uniqueEmail('wizard-visitor'));
  expect((await created).status()).toBe(201);

  await expect(page).toHaveURL(/\/application\/application-result$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Ihr Richtangebot' })).toBeVisible();
  await expect(page.getByText('Kreditbetrag', { exact: true }).locator('+ dd')).toHaveText(/250\.000\s€/);
  await expect(page.getByText('Laufzeit', { exact: true }).locator('+ dd')).toHaveText('36 Monate');
  await expect(page.getByText('Voraussichtlicher Zinssatz (p. a.)').locator('+ dd')).toContainText('%');
  await expect(page.getByTestId('profile-menu')).toBeVisible();
  await checkPage(page, testInfo, 'wizard-offer');

  await page.getByRole('link', { name: 'Antrag vervollständigen' }).click();
  await expect(page).toHaveURL(/\/dashboard\/applications\/[^/]+$/);
});

test('factoring as a logged-in customer: no account step, limit and fee', async ({ page }, testInfo) => {
  const email = uniqueEmail('wizard-factoring');
  await registerViaApi('demo', email, 'de');
  await page.goto(partnerUrl('demo', '/login'));
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).last().click();
  await expect(page).toHaveURL(/\/dashboard\/applications$/);

  await page.goto(partnerUrl('demo', '/application/loan-info'));
  await expect(page.getByRole('navigation', { name: 'Fortschritt des Antrags' })).not.toContainText('Konto');
  await page.getByRole('combobox', { name: /^Art der Finanzierung/ }).selectOption('factoring');
  await expect(page.getByRole('slider')).toHaveCount(0);
  await page.getByRole('textbox', { name: /^Gewünschtes Factoring-Limit/ }).fill('300000');
  await page.getByRole('textbox', { name: /^Jahresumsatz im Vorjahr/ }).fill('2400000');
  await page.getByRole('radio', { name: 'Ja' }).check();
  await checkPage(page, testInfo, 'wizard-factoring-loan-info');
  await next(page);

  await (await pickCompany(page, 'Musterbau', 'Musterbau Schmidt GmbH')).click();
  await expect(heading(page, 'Angaben zum Unternehmen')).toBeVisible();
  // Factoring asks for no loan purpose.
  await expect(page.getByRole('combobox', { name: /^Verwendungszweck/ })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /^Beschreibung des Verwendungszwecks/ })).toHaveCount(0);
  const created = page.waitForRequest((r) => r.url().endsWith('/api/user/applications') && r.method() === 'POST');
  await next(page);

  const body = (await created).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    allBanksLoanPurpose: 'factoring',
    loanSize: null,
    loanDuration: null,
    factoring_limit: 300000,
    annual_sales_previous_year: 2400000,
    has_international_customers: true,
  });
  await expect(page).toHaveURL(/\/application\/application-result$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Ihr Richtangebot' })).toBeVisible();
  await expect(page.getByText('Factoring-Limit', { exact: true }).locator('+ dd')).toHaveText(/300\.000\s€/);
  await expect(page.getByText('Factoring-Gebühr', { exact: true }).locator('+ dd')).toContainText('%');
  await checkPage(page, testInfo, 'wizard-factoring-offer');
});

test('a rejected application shows the reason and the support contacts', async ({ page }, testInfo) => {
  // What the wizard cannot know beforehand: the registry's foundation date (6 months; demo asks
  // for 12). What it can know (a GbR, amounts, durations) is refused before the account
  // (wizard-limits.spec.ts).
  await page.goto(partnerUrl('demo', '/application/loan-info'));
  await next(page);
  await (await pickCompany(page, 'Junge Gründer', 'Junge Gründer UG')).click();
  await expect(page.getByRole('combobox', { name: /^Rechtsform/ })).toHaveValue('UG');
  await page.getByRole('combobox', { name: /^Verwendungszweck/ }).selectOption('operating_expenses');
  await next(page);
  await createAccount(page, uniqueEmail('wizard-rejected'));

  await expect(heading(page, 'Ihr Antrag')).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Leider können wir Ihnen kein Angebot machen' }),
  ).toBeVisible();
  await expect(page.getByText('Ihr Unternehmen besteht noch nicht lange genug für eine Finanzierung.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /Telefon: \+49 30 1234 5678/ })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /support@demo-finanz\.example/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zurück zur Website' })).toHaveAttribute(
    'href',
    'https://demo-finanz.example',
  );
  await expect(page.getByRole('link', { name: 'Antrag vervollständigen' })).toHaveCount(0);
  await checkPage(page, testInfo, 'wizard-rejected');
});

test('a prefilled link: values, tracking kept and sent, address cleaned', async ({ page }, testInfo) => {
  await page.goto(
    partnerUrl(
      'demo',
      '/application/loan-info?loan_amount=150000&loan_duration=36&country=DE&loan_type=working_capital_loan&currency=EUR&ref=newsletter',
    ),
  );
  await expect(heading(page, 'Ihr Finanzierungswunsch')).toBeVisible();
  await expect(page).toHaveURL(/\/application\/loan-info$/);
  await expect(page.getByRole('textbox', { name: /^Kreditbetrag/ })).toHaveValue('150.000');
  await expect(page.getByRole('textbox', { name: /^Laufzeit/ })).toHaveValue('36');
  await expect(page.getByRole('combobox', { name: /^Art der Finanzierung/ })).toHaveValue('working_capital_loan');
  await expect(page.getByRole('combobox', { name: /^Währung/ })).toHaveValue('EUR');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('fp:demo:referral') ?? 'null'));
  expect(stored.data).toEqual({ country: 'DE', loan_type: 'working_capital_loan', currency: 'EUR', ref: 'newsletter' });
  await checkPage(page, testInfo, 'wizard-prefilled');

  // A changed value survives a reload (the link's parameters are no longer in the address).
  await page.getByRole('textbox', { name: /^Laufzeit/ }).fill('30');
  await page.reload();
  await expect(page.getByRole('textbox', { name: /^Laufzeit/ })).toHaveValue('30');
  await expect(page.getByRole('textbox', { name: /^Kreditbetrag/ })).toHaveValue('150.000');
  await next(page);

  await (await pickCompany(page, 'Musterbau', 'Musterbau Schmidt GmbH')).click();
  await page.getByRole('combobox', { name: /^Verwendungszweck/ }).selectOption('inventory_expansion');
  await next(page);
  const created = page.waitForRequest((r) => r.url().endsWith('/api/user/applications') && r.method() === 'POST');
  await createAccount(page, uniqueEmail('wizard-prefilled'));
  expect((await created).postDataJSON()).toMatchObject({
    loanSize: 150000,
    loanDuration: 30,
    referrer: 'newsletter',
    referral_data: { country: 'DE', loan_type: 'working_capital_loan', currency: 'EUR', ref: 'newsletter' },
  });
  await expect(page.getByRole('heading', { level: 2, name: 'Ihr Richtangebot' })).toBeVisible();
});

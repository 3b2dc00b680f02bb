import type { Page } from '@playwright/test';
import { partnerUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { checkPage } from './support/page-check';

/**
 * Issue 9, findings 1 and 3: the classic wizard shows and enforces the partner's own limits,
 * says before account creation what the partner refuses for certain, and a change of loan type
 * clears what no longer applies. Partners as in partners/*.json: nordbank lends from 25,000 €,
 * demo up to 84 months and not to a GbR.
 */
test.use({ locale: 'de-DE' });

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const next = (page: Page) => page.getByRole('button', { name: 'Weiter' }).click();

test('nordbank: the amount slider starts at its minimum of 25.000 €', async ({ page }, testInfo) => {
  await page.goto(partnerUrl('nordbank', '/application/loan-info'));
  await expect(heading(page, 'Ihr Finanzierungswunsch')).toBeVisible();
  const slider = page.getByRole('slider', { name: 'Kreditbetrag' });
  await expect(slider).toHaveAttribute('min', '25000');
  await expect(page.getByText(/^25\.000\s€$/)).toBeVisible();
  // All the way to the left: the partner's minimum, never the product's 15.000 €.
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(slider).toHaveValue('25000');
  await expect(page.getByRole('textbox', { name: /^Kreditbetrag/ })).toHaveValue('25.000');
  await checkPage(page, testInfo, 'wizard-limits-nordbank');
});

test('demo: 240 months typed are refused at the field, with the partner limit', async ({ page }, testInfo) => {
  await page.goto(partnerUrl('demo', '/application/loan-info'));
  await expect(heading(page, 'Ihr Finanzierungswunsch')).toBeVisible();
  const duration = page.getByRole('textbox', { name: /^Laufzeit/ });
  await duration.fill('240');
  await next(page);
  await expect(duration).toHaveAccessibleDescription('Demo Finanz finanziert Laufzeiten zwischen 12 und 84 Monaten.');
  await expect(duration).toBeFocused();
  await expect(page).toHaveURL(/\/application\/loan-info$/);
  await checkPage(page, testInfo, 'wizard-limits-duration');

  await duration.fill('84');
  await next(page);
  await expect(heading(page, 'Ihr Unternehmen')).toBeVisible();
});

test('demo: a GbR learns before account creation that demo does not finance it', async ({ page }, testInfo) => {
  await page.goto(partnerUrl('demo', '/application/loan-info'));
  await expect(heading(page, 'Ihr Finanzierungswunsch')).toBeVisible();
  await next(page);
  await expect(heading(page, 'Ihr Unternehmen')).toBeVisible();
  await page.getByRole('textbox', { name: /^Name des Unternehmens/ }).fill('Kleine Feier');
  await page.getByRole('button', { name: /Kleine Feier GbR/ }).click();

  await expect(heading(page, 'Angaben zum Unternehmen')).toBeVisible();
  const legalForm = page.getByRole('combobox', { name: /^Rechtsform/ });
  await expect(legalForm).toHaveValue('GBR');
  const refusal =
    'Demo Finanz finanziert keine Unternehmen mit der Rechtsform GbR. Mit dieser Rechtsform ist ein Antrag hier leider nicht möglich.';
  await expect(legalForm).toHaveAccessibleDescription(refusal);
  await page.getByRole('combobox', { name: /^Verwendungszweck/ }).selectOption('operating_expenses');
  await checkPage(page, testInfo, 'wizard-limits-gbr');
  await next(page);
  await expect(legalForm).toBeFocused();
  await expect(page).toHaveURL(/\/application\/company-details$/);

  // Not by the address either: account creation sends the values back to their step.
  await page.goto(partnerUrl('demo', '/application/account-creation'));
  await expect(heading(page, 'Angaben zum Unternehmen')).toBeVisible();
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveCount(0);
});

test('demo: switching the loan type clears the purpose of the old one', async ({ page }, testInfo) => {
  await page.goto(partnerUrl('demo', '/application/loan-info'));
  await expect(heading(page, 'Ihr Finanzierungswunsch')).toBeVisible();
  const loanType = page.getByRole('combobox', { name: /^Art der Finanzierung/ });
  await loanType.selectOption('event_driven_financing_loan');
  await next(page);
  await page.getByRole('textbox', { name: /^Name des Unternehmens/ }).fill('Musterbau');
  await page.getByRole('button', { name: /Musterbau Schmidt GmbH/ }).click();
  await expect(heading(page, 'Angaben zum Unternehmen')).toBeVisible();
  const purpose = page.getByRole('combobox', { name: /^Verwendungszweck/ });
  await purpose.selectOption('business_expansion');

  // Back to the loan info, another loan type.
  await page.getByRole('link', { name: /Finanzierung/ }).click();
  await expect(heading(page, 'Ihr Finanzierungswunsch')).toBeVisible();
  await loanType.selectOption('working_capital_loan');
  await next(page);
  await expect(heading(page, 'Ihr Unternehmen')).toBeVisible();
  await next(page);

  await expect(heading(page, 'Angaben zum Unternehmen')).toBeVisible();
  await expect(purpose).toHaveValue('');
  await expect(page.getByText('Dieser Wert ist ungültig.')).toHaveCount(0);
  await checkPage(page, testInfo, 'wizard-limits-purpose-cleared');
  await next(page);
  await expect(purpose).toHaveAccessibleDescription('Dieses Feld ist ein Pflichtfeld.');
  await purpose.selectOption('inventory_expansion');
  await next(page);
  await expect(heading(page, 'Konto erstellen')).toBeVisible();
});

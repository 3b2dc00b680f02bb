import type { Page } from '@playwright/test';
import { PASSWORD } from './support/api';
import { E2E_PORT, partnerUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { uniqueEmail } from './support/mailbox';
import { checkPage } from './support/page-check';

test.use({ locale: 'de-DE' });

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const next = (page: Page) => page.getByRole('button', { name: 'Weiter' }).click();

/** DD.MM.YYYY, `days` from today. */
function dateIn(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${d.getFullYear()}`;
}

test.beforeEach(async ({ context }) => {
  // The shared fixture stores a cookie choice for the first demo partners; alpen needs its own.
  const value = encodeURIComponent(JSON.stringify({ essential: true, analytics: false, marketing: false }));
  await context.addCookies([{ name: 'fp_cookie_consent', value, url: `http://alpen.localhost:${E2E_PORT}` }]);
});

test('alpen: dynamic application from the server configuration, validation, back, reload, account, offer', async ({
  page,
}, testInfo) => {
  // A step opened out of order goes back to the first one.
  await page.goto(partnerUrl('alpen', '/application/new/details'));
  await expect(page).toHaveURL(/\/application\/new\/financing$/);
  await page.goto(partnerUrl('alpen', '/'));
  await expect(page).toHaveURL(/\/application\/new\/financing$/);
  await expect(heading(page, 'Finanzierung')).toBeVisible();
  const stepper = page.getByRole('navigation', { name: 'Fortschritt des Antrags' });
  for (const step of ['Finanzierung', 'Unternehmen', 'Angaben', 'Konto', 'Ergebnis']) {
    await expect(stepper).toContainText(step);
  }
  await expect(page.getByRole('combobox', { name: /^Finanzierungsart/ })).toHaveValue('working_capital_loan');
  await expect(page.getByRole('slider', { name: 'Laufzeit in Jahren' })).toHaveAttribute('max', '5');
  await checkPage(page, testInfo, 'dynamic-financing');

  // Next validates with the shared validator.
  await next(page);
  await expect(page.getByText('Dieses Feld ist ein Pflichtfeld.')).toBeVisible();
  await page.getByRole('combobox', { name: /^Verwendungszweck/ }).selectOption('inventory_expansion');
  // alpen has no customized_application_amounts: the amount is chosen with the slider.
  await page.getByRole('slider', { name: 'Finanzierungsbetrag' }).fill('120000');
  await expect(page.getByRole('textbox', { name: /^Finanzierungsbetrag/ })).toHaveValue('120.000');
  await page.getByRole('textbox', { name: /^Laufzeit in Jahren/ }).fill('3');
  await next(page);

  await expect(heading(page, 'Unternehmen')).toBeVisible();
  await page.getByRole('combobox', { name: /^Land des Firmensitzes/ }).selectOption('DE');
  await page.getByRole('textbox', { name: /^Firmenname/ }).fill('Musterbau');
  await page.getByRole('button', { name: /Musterbau Schmidt GmbH/ }).click();
  await expect(page.getByRole('textbox', { name: /^Postleitzahl/ })).toHaveValue('10435');
  await expect(page.getByRole('textbox', { name: /^Ort/ })).toHaveValue('Berlin');
  await expect(page.getByRole('textbox', { name: /^Gründungsdatum/ })).toHaveValue('17.04.2012');
  await expect(page.getByRole('combobox', { name: /^Rechtsform/ })).toHaveValue('GMBH');
  await page.getByRole('textbox', { name: /^Anzahl Mitarbeitende/ }).fill('25');
  await checkPage(page, testInfo, 'dynamic-company');
  await next(page);

  await expect(heading(page, 'Angaben')).toBeVisible();
  // Numbers as Germans write them: thousands separators and a decimal comma (finding 4).
  await page.getByRole('textbox', { name: /^Umsatz im letzten Geschäftsjahr/ }).fill('1.800.000,50');
  await page.getByRole('textbox', { name: /^Eigenkapitalquote/ }).fill('12,5');
  await page.getByRole('combobox', { name: /^Branche/ }).selectOption('construction');
  await page.getByRole('radio', { name: 'Nein' }).check();
  // The date is typed as digits; the separators come by themselves.
  const start = page.getByRole('textbox', { name: /^Gewünschter Finanzierungsbeginn/ });
  await start.pressSequentially(dateIn(30).replace(/\./g, ''));
  await expect(start).toHaveValue(dateIn(30));

  // A reload in the middle keeps every value.
  await page.reload();
  await expect(heading(page, 'Angaben')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Eigenkapitalquote/ })).toHaveValue('12,5');
  await expect(page.getByRole('radio', { name: 'Nein' })).toBeChecked();
  await expect(start).toHaveValue(dateIn(30));

  // The consent checkbox fails with its own configured text.
  await next(page);
  await expect(
    page.getByText('Ohne Ihre Einwilligung zur Bonitätsprüfung können wir kein Angebot erstellen.'),
  ).toBeVisible();
  await checkPage(page, testInfo, 'dynamic-details');
  await page.getByRole('checkbox', { name: /Ich willige ein/ }).check();

  // Back saves without validating.
  await page.getByRole('textbox', { name: /^Ihr Vorhaben/ }).fill('zu kurz');
  await page.getByRole('link', { name: 'Zurück' }).click();
  await expect(heading(page, 'Unternehmen')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Anzahl Mitarbeitende/ })).toHaveValue('25');
  await next(page);
  await expect(page.getByRole('textbox', { name: /^Ihr Vorhaben/ })).toHaveValue('zu kurz');
  await next(page);
  await expect(page.getByText('Bitte geben Sie mindestens 30 Zeichen ein.')).toBeVisible();
  await page.getByRole('textbox', { name: /^Ihr Vorhaben/ }).fill('Leasing von zwei Baggern für neue Tiefbauaufträge');
  await next(page);

  await expect(heading(page, 'Konto erstellen')).toBeVisible();
  await expect(page).toHaveURL(/\/application\/new\/account-creation$/);
  await page.getByLabel('E-Mail-Adresse').fill(uniqueEmail('wizard-alpen'));
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Passwort wiederholen').fill(PASSWORD);
  await page.getByRole('checkbox', { name: 'Alle auswählen' }).check();
  const created = page.waitForRequest((r) => r.url().endsWith('/api/user/applications') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Konto erstellen und Ergebnis anzeigen' }).click();

  const body = (await created).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    dynamic_form: true,
    allBanksLoanPurpose: 'working_capital_loan',
    loanSize: 120000,
    loanDuration: 36,
    display_duration_unit: 'years',
    companyCountry: 'DE',
    companyName: 'Musterbau Schmidt GmbH',
    foundation_date: '2012-04-17',
    purposeSelect: 'inventory_expansion',
  });
  expect(body.custom_fields_list).toEqual(
    expect.arrayContaining([
      { field_id: 'employees', field_value: 25 },
      { field_id: 'annual_revenue', field_value: 1800000.5 },
      { field_id: 'equity_ratio', field_value: 0.125 },
      { field_id: 'existing_leasing', field_value: false },
      { field_id: 'consent_credit_check', field_value: true },
    ]),
  );

  await expect(page).toHaveURL(/\/application\/new\/application-result$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Ihr Richtangebot' })).toBeVisible();
  await expect(page.getByText('Laufzeit', { exact: true }).locator('+ dd')).toHaveText('3 Jahre');
  await expect(page.getByText('Kreditbetrag', { exact: true }).locator('+ dd')).toHaveText(/120\.000\s€/);
  await checkPage(page, testInfo, 'dynamic-offer');
  await page.getByRole('link', { name: 'Antrag vervollständigen' }).click();
  await expect(page).toHaveURL(/\/dashboard\/applications\/[^/]+$/);
});

test('alpen: the amount without the entitlement, units read out, text past a limit kept (findings 4, 6, 15)', async ({
  page,
}) => {
  await page.goto(partnerUrl('alpen', '/application/new/financing'));
  await expect(heading(page, 'Finanzierung')).toBeVisible();
  // Without customized_application_amounts the amount input is disabled; the slider chooses.
  const amount = page.getByRole('textbox', { name: /^Finanzierungsbetrag/ });
  await expect(amount).toBeDisabled();
  await expect(amount).toHaveAccessibleDescription('Bitte wählen Sie den Betrag mit dem Schieberegler.');
  // The currency is part of the field's name (screen readers say it), not hidden.
  await expect(amount).toHaveAccessibleName('Finanzierungsbetrag Euro');
  await page.getByRole('combobox', { name: /^Verwendungszweck/ }).selectOption('inventory_expansion');
  await next(page);

  await expect(heading(page, 'Unternehmen')).toBeVisible();
  // 40 characters in a field of at most 30: nothing is cut off, the field says so.
  const city = page.getByRole('textbox', { name: /^Ort/ });
  const forty = 'Sankt Johann im Pongau an der Salzach 12';
  await city.fill(forty);
  await expect(city).toHaveValue(forty);
  await expect(city).toHaveAccessibleDescription('Höchstens 30 Zeichen erlaubt (40 eingegeben).');
  // German thousands separators in a whole number.
  const employees = page.getByRole('textbox', { name: /^Anzahl Mitarbeitende/ });
  await employees.fill('1.200');
  await employees.blur();
  await expect(employees).toHaveValue('1.200');
  await next(page);
  await expect(heading(page, 'Unternehmen')).toBeVisible();
  await expect(city).toHaveAccessibleDescription('Höchstens 30 Zeichen erlaubt (40 eingegeben).');
  await expect(employees).not.toHaveAttribute('aria-invalid', 'true');
});

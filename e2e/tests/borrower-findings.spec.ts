import type { Locator, Page } from '@playwright/test';
import { ISO_COUNTRIES } from '@finportal/contracts/countries';
import { formatMoney, formatMoneyRange } from '@finportal/contracts/numbers';
import type { Pricing } from '@finportal/contracts/offers';
import { buildFactoringApplicationInput } from '@finportal/testing/factories';
import { apiCall, registerViaApi } from './support/api';
import {
  alpenApplication,
  COMPLETE_SIGNATORY,
  confirmEmailViaApi,
  createApplicationViaApi,
  demoApplication,
  loginViaApi,
  seedFixtures,
  useLanguage,
  useSession,
} from './support/dashboard';
import { partnerUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { uniqueEmail, waitForMail } from './support/mailbox';
import { checkPage } from './support/page-check';

/**
 * Issue 26: what a new user met on the borrower's side, in every language and on a phone. One test
 * per finding (the upload blocker is documents.spec.ts, the languages languages.spec.ts); each runs
 * at 1280 and at 375 px with touch.
 */
test.use({ locale: 'en-GB', timezoneId: 'Europe/Vienna' });

async function alpenCustomer(page: Page, prefix: string, overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail(prefix);
  await registerViaApi('alpen', email, 'en');
  await confirmEmailViaApi(page.request, 'alpen', email);
  const cookie = await loginViaApi('alpen', email);
  const created = await createApplicationViaApi(
    'alpen',
    cookie,
    await alpenApplication(`${prefix} Test GmbH`, overrides),
  );
  await useLanguage(page.context(), 'alpen', 'en');
  await useSession(page.context(), 'alpen', cookie);
  return { email, cookie, id: created.applicationId, short: created.shortApplicationId };
}

async function demoCustomer(page: Page, prefix: string, body: object = demoApplication(), language = 'en') {
  const email = uniqueEmail(prefix);
  await registerViaApi('demo', email, language as 'en');
  await confirmEmailViaApi(page.request, 'demo', email);
  const cookie = await loginViaApi('demo', email);
  const created = await createApplicationViaApi('demo', cookie, body as Record<string, unknown>);
  await useLanguage(page.context(), 'demo', language);
  await useSession(page.context(), 'demo', cookie);
  return { email, cookie, id: created.applicationId };
}

/** A country select offers all ISO 3166 countries once, the preferred ones first (issue 26's guard). */
async function expectEveryCountry(select: Locator, preferred: string[]) {
  const values = (
    await select.locator('option').evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value))
  ).filter(Boolean);
  expect(new Set(values).size, 'each country once').toBe(values.length);
  expect([...values].sort()).toEqual([...ISO_COUNTRIES].sort());
  expect([...values.slice(0, preferred.length)].sort()).toEqual([...preferred].sort());
}

const addMonth = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d, last), 12)).toISOString().slice(0, 10);
};

const focusedDate = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-date') ?? null);
const shift = (iso: string, days: number) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

test('5: the appointment calendar is a date grid for the keyboard, the times one radio group; Next waits for date, time and type', async ({
  page,
}, testInfo) => {
  const { id } = await alpenCustomer(page, 'grid');
  await page.goto(partnerUrl('alpen', `/dashboard/applications/${id}`));
  await page
    .getByRole('region', { name: 'Personal consultation' })
    .getByRole('button', { name: 'Book appointment' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
  const grid = dialog.getByRole('grid');
  await expect(grid).toBeVisible();
  const next = dialog.getByRole('button', { name: 'Next', exact: true });
  await expect(next).toBeDisabled();

  // One Tab stop: the first free day. The arrows move by day and week, Home/End in the week, PageDown/PageUp by month.
  const first = await grid.locator('button[tabindex="0"]').getAttribute('data-date');
  await grid.locator('button[tabindex="0"]').focus();
  expect(await focusedDate(page)).toBe(first);
  await page.keyboard.press('ArrowRight');
  expect(await focusedDate(page)).toBe(shift(first!, 1));
  await page.keyboard.press('ArrowDown');
  expect(await focusedDate(page)).toBe(shift(first!, 8));
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowLeft');
  expect(await focusedDate(page)).toBe(first);
  // A week later (the days before the first bookable one are not shown as choices): Home and End.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  const sunday = (await focusedDate(page))!;
  expect(new Date(`${sunday}T12:00:00Z`).getUTCDay()).toBe(0);
  await page.keyboard.press('Home');
  const monday = (await focusedDate(page))!;
  expect(new Date(`${monday}T12:00:00Z`).getUTCDay()).toBe(1);
  expect(shift(monday, 6)).toBe(sunday);
  // A month on and back (within the bookable days: the grid stops at the last and the first).
  const last = (await grid.getAttribute('data-max'))!;
  await page.keyboard.press('PageDown');
  const monthLater = (await focusedDate(page))!;
  expect(monthLater).toBe(addMonth(monday) < last ? addMonth(monday) : last);
  await page.keyboard.press('PageUp');
  expect((await focusedDate(page))! <= monday).toBe(true);
  await expect(grid.locator('button[tabindex="0"]')).toHaveCount(1);

  // Back to the first free day, chosen with Enter.
  await grid.locator(`button[data-date="${first}"]`).focus();
  await page.keyboard.press('Enter');
  await expect(grid.locator(`button[data-date="${first}"]`)).toHaveAttribute('data-selected', 'true');
  await expect(next).toBeDisabled();

  // The times: one Tab stop, the arrow keys move (and choose) within them.
  const times = dialog.getByRole('radiogroup', { name: 'Time' });
  const radios = times.getByRole('radio');
  expect(await radios.count()).toBeGreaterThan(3);
  await page.keyboard.press('Tab');
  await expect(radios.first()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(radios.nth(1)).toBeFocused();
  await expect(radios.nth(1)).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('radio', { name: /Phone call/ })).toBeFocused();
  await expect(next).toBeDisabled();
  await page.keyboard.press('Space');
  await expect(next).toBeEnabled();
  await checkPage(page, testInfo, 'appointment-grid');

  // Step 2 opens without messages on the fields not reached yet.
  await next.click();
  await expect(dialog.getByRole('textbox', { name: 'First name' })).toBeVisible();
  await expect(dialog.locator('.mantine-InputWrapper-error')).toHaveCount(0);
});

test('3: nationality and residence offer every country (the partner’s first), named in the page’s language; a US citizen living in London can be entered', async ({
  page,
}, testInfo) => {
  const { id } = await demoCustomer(page, 'countries');
  await page.goto(partnerUrl('demo', `/dashboard/applications/${id}?tab=representatives`));
  await page.getByRole('button', { name: 'Add person' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add person' });
  for (const name of [/^Nationality/, /^Country of residence/]) {
    const select = form.getByRole('combobox', { name });
    await expectEveryCountry(select, ['DE', 'AT', 'CH']);
  }
  await form.getByRole('combobox', { name: /^Nationality/ }).selectOption({ label: 'United States' });
  await form.getByRole('combobox', { name: /^Country of residence/ }).selectOption({ label: 'United Kingdom' });
  await expect(form.getByRole('combobox', { name: /^Nationality/ })).toHaveValue('US');
  await checkPage(page, testInfo, 'representative-countries');

  // The debtor's country (factoring) comes from the same list.
  const factoring = await demoCustomer(page, 'countries-factoring', buildFactoringApplicationInput());
  await page.goto(partnerUrl('demo', `/dashboard/applications/${factoring.id}?tab=factoring`));
  await page.getByRole('button', { name: 'Add debtor' }).click();
  const debtor = page.getByRole('dialog', { name: 'Add debtor' });
  await expectEveryCountry(debtor.getByRole('combobox', { name: 'Country of the company' }), ['DE', 'AT', 'CH']);
});

test('4: a Swiss company enters its UID; a number of another form is refused with the expected form', async ({
  page,
}) => {
  const { id } = await alpenCustomer(page, 'uid', {
    companyCountry: 'CH',
    companyType: 'CH_AG',
    companyPostCode: '8001',
    companyLocation: 'Zürich',
  });
  await page.goto(partnerUrl('alpen', `/dashboard/applications/${id}`));
  await page.getByRole('button', { name: 'Add company tax number' }).click();
  const dialog = page.getByRole('dialog', { name: 'Company tax number' });
  const field = dialog.getByRole('textbox', { name: 'Tax number' });
  await expect(field).toHaveAccessibleDescription(/CHE and 9 digits/);
  await field.fill('1234567890');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(field).toHaveAccessibleDescription(/Please enter your company’s UID: CHE and 9 digits/);
  await field.fill('CHE-136.348.576 MWST');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Company information' })).toContainText('CHE-136.348.576 MWST');
});

test('6: the offer’s amounts are written by one rule: both ends of the monthly rate alike, cents where they are', async ({
  page,
}) => {
  const { id, cookie } = await demoCustomer(page, 'money');
  const res = await apiCall('demo', 'GET', `/user/applications/${id}`, undefined, cookie);
  const pricing = (res.json as { application: { pricing: Pricing } }).application.pricing;
  await page.goto(partnerUrl('demo', `/dashboard/applications/${id}`));
  const offer = page.getByTestId('offer-card');
  const rate = offer.getByText('Indicative monthly rate').locator('xpath=following-sibling::*[1]');
  const expected = pricing.offer_is_range
    ? formatMoneyRange(
        pricing.offer_representative_monthly_rate_low,
        pricing.offer_representative_monthly_rate_high,
        'en',
        'EUR',
      )
    : formatMoney(pricing.offer_representative_monthly_rate_low, 'en', 'EUR');
  await expect(rate).toHaveText(expected);
  const text = (await rate.innerText()).split(' – ');
  expect(new Set(text.map((part) => /\.\d\d$/.test(part))).size, `${text.join(' – ')}: both ends alike`).toBe(1);
});

test.describe('7: date fields in French', () => {
  test.use({ locale: 'fr-FR' });

  test('show the French pattern (JJ.MM.AAAA) in every hint and placeholder, never DD.MM.YYYY', async ({ page }) => {
    const { id } = await demoCustomer(page, 'dates', demoApplication(), 'fr');
    await page.goto(partnerUrl('demo', `/dashboard/applications/${id}?tab=documents`));
    const bank = page.getByRole('region', { name: 'Relevé bancaire', exact: true });
    const asOf = bank.getByRole('textbox', { name: /^Date du document/ });
    await expect(asOf).toHaveAttribute('placeholder', 'JJ.MM.AAAA');
    await expect(asOf).toHaveAccessibleDescription(/JJ\.MM\.AAAA/);
    await page.goto(partnerUrl('demo', `/dashboard/applications/${id}?tab=representatives`));
    await page.getByRole('button', { name: 'Ajouter une personne' }).first().click();
    const birth = page.getByRole('dialog').getByRole('textbox', { name: /^Date de naissance/ });
    await expect(birth).toHaveAttribute('placeholder', 'JJ.MM.AAAA');
    await expect(birth).toHaveAccessibleDescription('Format : JJ.MM.AAAA');
    await expect(page.locator('body')).not.toContainText('DD.MM.YYYY');
  });
});

test('9: at a partner that creates the applications, a new user is told what happens next and whom to ask', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('vistula-next');
  await registerViaApi('vistula', email, 'en');
  await confirmEmailViaApi(page.request, 'vistula', email);
  const cookie = await loginViaApi('vistula', email);
  await useLanguage(page.context(), 'vistula', 'en');
  await useSession(page.context(), 'vistula', cookie);
  await page.goto(partnerUrl('vistula', '/dashboard/applications'));
  const next = page.getByTestId('next-step');
  await expect(next.getByRole('heading', { name: 'What happens next' })).toBeVisible();
  await expect(next).toContainText('Vistula Kredyt creates your application for you and invites you to it by e-mail.');
  await expect(next.getByRole('link', { name: /\+48 22 555 01 23/ })).toBeVisible();
  await checkPage(page, testInfo, 'vistula-next-step');
});

test('13: a legal representative with less than 25 % is shown as fictitious beneficial owner, in the form and on the card', async ({
  page,
}, testInfo) => {
  const { id } = await demoCustomer(page, 'fictitious');
  await seedFixtures('demo', id, {
    signatories: [
      { ...COMPLETE_SIGNATORY, percentage_owned: 0.1, is_beneficial_owner: true, is_legal_signatory: true },
    ],
  });
  await page.goto(partnerUrl('demo', `/dashboard/applications/${id}?tab=representatives`));
  const card = page.getByRole('article').filter({ hasText: 'Erika Mustermann' });
  await expect(card).toContainText('Fictitious beneficial owner · 10');
  await expect(card).toContainText('nobody holds 25 % or more, so the legal representative counts as beneficial owner');
  await checkPage(page, testInfo, 'fictitious-owner-card');

  await page.getByRole('button', { name: 'Add person' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add person' });
  await form
    .getByRole('radiogroup', { name: /a beneficial owner/ })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await form.getByLabel(/^Share/).fill('20');
  await expect(form.getByTestId('fictitious-note')).toContainText(
    'counts as beneficial owner only as a legal representative while nobody holds 25 % or more',
  );
  await form.getByLabel(/^Share/).fill('30');
  await expect(form.getByTestId('fictitious-note')).toHaveCount(0);
});

test('10: the e-mail shows the partner’s logo: a PNG that a mail client on another origin may load', async ({
  page,
}) => {
  const email = uniqueEmail('mail-logo');
  await registerViaApi('alpen', email, 'en');
  const mail = await waitForMail(page.request, email, 'confirm_email');
  // The message as a web mail client shows it: on a page of another origin.
  await page.setContent(mail.html);
  const logo = page.locator('img').first();
  await expect(logo).toHaveAttribute('src', /\/logo\.png\?v=/);
  await expect
    .poll(() => logo.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(100);
});

test.describe('8: the dynamic wizard judges what it knows', () => {
  test.use({ locale: 'de-DE' });

  test('alpen: a GbR and a company younger than six months learn it on the company step, before any account', async ({
    page,
    context,
  }) => {
    const value = encodeURIComponent(JSON.stringify({ essential: true, analytics: false, marketing: false }));
    await context.addCookies([{ name: 'fp_cookie_consent', value, url: partnerUrl('alpen') }]);
    await page.goto(partnerUrl('alpen', '/'));
    await expect(page.getByRole('heading', { level: 1, name: 'Finanzierung' })).toBeVisible();
    await page.getByRole('combobox', { name: /^Verwendungszweck/ }).selectOption('inventory_expansion');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Unternehmen' })).toBeVisible();
    await page.getByRole('combobox', { name: /^Land des Firmensitzes/ }).selectOption('DE');
    await page.getByRole('textbox', { name: /^Firmenname/ }).fill('Musterbau');
    await page.getByRole('button', { name: /Musterbau Schmidt GmbH/ }).click();
    await page.getByRole('textbox', { name: /^Anzahl Mitarbeitende/ }).fill('25');
    const legalForm = page.getByRole('combobox', { name: /^Rechtsform/ });
    await legalForm.selectOption('GBR');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(legalForm).toHaveAccessibleDescription(/GbR/);
    await expect(page.getByRole('heading', { level: 1, name: 'Unternehmen' })).toBeVisible();

    await legalForm.selectOption('GMBH');
    const founded = page.getByRole('textbox', { name: /^Gründungsdatum/ });
    const recent = new Date(Date.now() - 30 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await founded.fill(`${pad(recent.getDate())}.${pad(recent.getMonth() + 1)}.${recent.getFullYear()}`);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByText('Ihr Unternehmen besteht noch nicht lange genug für eine Finanzierung.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Unternehmen' })).toBeVisible();
  });
});

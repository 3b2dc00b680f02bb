import type { Page } from '@playwright/test';
import { apiCall, registerViaApi } from './support/api';
import { createApplicationViaApi, demoApplication, loginViaApi, useLanguage, useSession } from './support/dashboard';
import { partnerUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { uniqueEmail } from './support/mailbox';
import { checkPage } from './support/page-check';

/**
 * The application overview of a closed application (issue 9, finding 8: why it closed, nothing
 * to do) and the indicative offer on the overview of an open one (finding 9).
 */
test.use({ locale: 'en-GB' });

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

interface Created {
  applicationId: string;
  shortApplicationId: string;
  status: string;
  rejection_reason: string | null;
  loanSize: number;
  pricing: {
    offer_rate_low: number;
    offer_rate_high: number;
    offer_representative_monthly_rate_low: number;
    offer_representative_monthly_rate_high: number;
    offer_is_range: boolean;
    total_transaction_fee: number;
  } | null;
}

test('a rejected application: the overview shows the reason and nothing to do', async ({ page, context }, testInfo) => {
  // An unconfirmed e-mail: an open application would list its verification as a pending item.
  const email = uniqueEmail('overview-closed');
  await registerViaApi('demo', email, 'en');
  const cookie = await loginViaApi('demo', email);
  // The demo partner excludes the GbR: the offer engine rejects the application.
  const res = await apiCall(
    'demo',
    'POST',
    '/user/applications',
    demoApplication({ companyType: 'GBR', companyName: `Absage ${testInfo.project.name} GbR` }),
    cookie,
  );
  expect(res.status).toBe(201);
  const app = (res.json as { application: Created }).application;
  expect(app).toMatchObject({ status: 'Rejected', rejection_reason: 'err_company_type_not_allowed' });

  await useLanguage(context, 'demo', 'en');
  await useSession(context, 'demo', cookie);
  await page.goto(partnerUrl('demo', `/dashboard/applications/${app.applicationId}`));
  await expect(heading(page, `Application ${app.shortApplicationId}`)).toBeVisible();
  const badge = page.locator('.fp-frame-header [data-status-colour]');
  await expect(badge).toHaveText('Closed');

  const notice = page.getByRole('region', { name: 'This application is closed' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Reason');
  await expect(notice).toContainText('Unfortunately we cannot offer financing for this legal form.');
  await expect(notice).toContainText('There is nothing more for you to do here.');
  await expect(notice.getByRole('link', { name: /support@demo-finanz\.example/ })).toBeVisible();

  // Nothing to do: no pending items, no appointment offer, no bank data or tax number request.
  await expect(page.getByRole('region', { name: 'Company information' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Open items' })).toHaveCount(0);
  await expect(page.locator('[data-action]')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Personal consultation' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Book appointment' })).toHaveCount(0);
  await expect(page.locator('#bank-info')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /bank details/i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /company tax number/i })).toHaveCount(0);
  await expect(page.getByText(/can no longer be changed/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit application' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Your indicative offer' })).toHaveCount(0);
  await checkPage(page, testInfo, 'overview-closed');
});

test('an open application: the overview shows the indicative offer of the result page', async ({
  page,
  context,
}, testInfo) => {
  const email = uniqueEmail('overview-offer');
  await registerViaApi('demo', email, 'en');
  const cookie = await loginViaApi('demo', email);
  const created = await createApplicationViaApi(
    'demo',
    cookie,
    demoApplication({ loanSize: 150_000, loanDuration: 36 }),
  );
  // The offer as POST /user/applications answered it (what the result page showed).
  const res = await apiCall('demo', 'GET', `/user/applications/${created.applicationId}`, undefined, cookie);
  const app = (res.json as { application: Created }).application;
  const p = app.pricing!;
  expect(p).not.toBeNull();

  const money = (n: number) =>
    new Intl.NumberFormat('en', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: Number.isInteger(n) ? 0 : 2,
      maximumFractionDigits: Number.isInteger(n) ? 0 : 2,
    }).format(n);
  const percent = (n: number) =>
    new Intl.NumberFormat('en', { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      n / 100,
    );
  const range = (low: string, high: string) => (p.offer_is_range && low !== high ? `${low} – ${high}` : low);

  await useLanguage(context, 'demo', 'en');
  await useSession(context, 'demo', cookie);
  await page.goto(partnerUrl('demo', `/dashboard/applications/${created.applicationId}`));
  await expect(heading(page, `Application ${created.shortApplicationId}`)).toBeVisible();
  const offer = page.getByRole('region', { name: 'Your indicative offer' });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText(`offer ID ${created.shortApplicationId}`);
  const figure = (label: string) => offer.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
  await expect(figure('Loan amount')).toHaveText('€150,000');
  await expect(figure('Duration')).toHaveText('36 months');
  await expect(figure('Indicative interest rate (p.a.)')).toHaveText(
    range(percent(p.offer_rate_low), percent(p.offer_rate_high)),
  );
  await expect(figure('Indicative monthly rate')).toHaveText(
    range(money(p.offer_representative_monthly_rate_low), money(p.offer_representative_monthly_rate_high)),
  );
  await expect(figure('Transaction fee (financing costs)')).toHaveText(money(p.total_transaction_fee));
  await expect(offer).toContainText('All figures are indicative and non-binding.');
  // The open application keeps its pending items (here the e-mail verification and bank data).
  await expect(
    page.getByRole('region', { name: 'Open items' }).locator('[data-action="bank_information"]'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'This application is closed' })).toHaveCount(0);
  await checkPage(page, testInfo, 'overview-offer');
});

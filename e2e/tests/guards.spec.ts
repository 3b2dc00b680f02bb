import { apiCall, PASSWORD, registerViaApi } from './support/api';
import { partnerUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { linkIn, uniqueEmail, waitForMail } from './support/mailbox';
import { checkPage } from './support/page-check';

test.use({ locale: 'en-US' });

test('a login-required URL opened logged out returns there after login', async ({ page }) => {
  const email = uniqueEmail('guard');
  await registerViaApi('demo', email);
  await page.goto(partnerUrl('demo', '/dashboard/settings'));
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // Logged-out-only pages send a logged-in user to the dashboard.
  await page.goto(partnerUrl('demo', '/login'));
  await expect(page).toHaveURL(/\/dashboard\/applications$/);
  await page.goto(partnerUrl('demo', '/'));
  await expect(page).toHaveURL(/\/dashboard\/applications$/);
});

test('old paths redirect: /signin, /signup, /dashboard, /loan-info', async ({ page }) => {
  await page.goto(partnerUrl('demo', '/signin'));
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(partnerUrl('demo', '/signup'));
  await expect(page).toHaveURL(/\/register$/);
  await page.goto(partnerUrl('demo', '/loan-info'));
  await expect(page).toHaveURL(/\/application\/loan-info$/);
  await page.goto(partnerUrl('demo', '/dashboard'));
  await expect(page).toHaveURL(/\/login$/);
});

test('a session of one partner is not valid on another', async ({ page }) => {
  const email = uniqueEmail('tenant');
  await registerViaApi('demo', email);
  await page.goto(partnerUrl('demo', '/login'));
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
  await expect(page).toHaveURL(/\/dashboard\/applications$/);
  await page.goto(partnerUrl('nordbank', '/dashboard/settings'));
  await expect(page).toHaveURL(/\/login$/);
});

test('invitation: set a password, accept terms, land logged in', async ({ page, request }, testInfo) => {
  const email = uniqueEmail('invite');
  const res = await apiCall('nordbank', 'POST', '/dev/invitations', { email, language: 'en' });
  expect(res.status).toBe(200);
  const mail = await waitForMail(request, email, 'invite');
  const link = linkIn(mail);
  expect(link.startsWith(partnerUrl('nordbank', '/user/account/invite/'))).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Accept invitation' })).toBeVisible();
  await checkPage(page, testInfo, 'invite');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page).toHaveURL(/\/dashboard\/applications$/);
  await expect(page.getByTestId('profile-menu')).toContainText(email);
});

test('a confirmation link that was already used shows the error page', async ({ page, request }, testInfo) => {
  const email = uniqueEmail('confirm-twice');
  await registerViaApi('demo', email);
  // The mail links to the applications list now; the old confirmation path keeps working.
  const token = new URL(linkIn(await waitForMail(request, email, 'confirm_email'))).searchParams.get(
    'confirmation_token',
  );
  expect(token).toBeTruthy();
  const link = partnerUrl('demo', `/user/account/confirm_email/${token}`);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'E-mail address confirmed' })).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Go to login' }).or(page.getByRole('button', { name: 'Go to login' })),
  ).toBeVisible();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmation failed' })).toBeVisible();
  await checkPage(page, testInfo, 'confirm-email-failed');
});

import { registerViaApi } from './support/api';
import { partnerUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { linkIn, uniqueEmail, waitForMail } from './support/mailbox';
import { checkPage } from './support/page-check';

test.use({ locale: 'en-US' });

test('forgot password: mail, reset, log in with the new password', async ({ page, request }, testInfo) => {
  const email = uniqueEmail('reset');
  const newPassword = 'Reset#Pass9';
  await registerViaApi('demo', email, 'en');

  await page.goto(partnerUrl('demo', '/login'));
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
  await checkPage(page, testInfo, 'forgot-password');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Request link' }).click();
  await expect(page.getByText('E-mail on its way')).toBeVisible();
  await checkPage(page, testInfo, 'forgot-password-sent');

  const mail = await waitForMail(request, email, 'reset_password');
  expect(mail.language).toBe('en');
  const link = linkIn(mail);
  expect(link.startsWith(partnerUrl('demo', '/user/account/reset/'))).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  await checkPage(page, testInfo, 'reset-password');
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat password').fill('Something#Else1');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('The passwords do not match').first()).toBeVisible();
  await page.getByLabel('Repeat password').fill(newPassword);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Your password has been changed.').first()).toBeVisible();

  await page.goto(partnerUrl('demo', '/login'));
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
  await expect(page).toHaveURL(/\/dashboard\/applications$/);

  // The link is single-use.
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByTestId('header-login')).toBeVisible();
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Third#Pass3');
  await page.getByLabel('Repeat password').fill('Third#Pass3');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText(/already been used/i).first()).toBeVisible();
});

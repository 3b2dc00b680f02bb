import { apiCall, PASSWORD, registerViaApi } from './support/api';
import { partnerUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { linkIn, uniqueEmail, waitForMail } from './support/mailbox';
import { checkPage } from './support/page-check';

/**
 * Issue 9 findings 5 and 7 (ADR 002): before the e-mail is confirmed, the marketing consent given
 * at sign-up can be withdrawn, and change password says at its form why it waits, without the
 * settings page being replaced (what was typed stays). A wrong current password is said as such.
 */
test.use({ locale: 'en-US' });

test('register at nordbank with marketing consent, do not confirm, withdraw it, try to change the password', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('unconfirmed');
  await page.goto(partnerUrl('nordbank', '/register'));
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(page.getByRole('checkbox', { name: /offers and news from Nordbank Business/ })).toBeChecked();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My loans' })).toBeVisible();

  await page.goto(partnerUrl('nordbank', '/dashboard/settings'));
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByText('Not verified', { exact: true })).toBeVisible();

  // Withdraw the consent: saved, and still withdrawn after a reload.
  const marketing = page.getByRole('region', { name: 'Marketing communication' });
  const consent = marketing.getByRole('switch');
  await expect(consent).toBeChecked();
  await consent.click({ force: true });
  await expect(page.getByText('Your preference has been saved.').first()).toBeVisible();
  await expect(consent).not.toBeChecked();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Marketing communication' }).getByRole('switch')).not.toBeChecked();

  // Change password: said at the form, the page and the typed values stay.
  const password = page.getByRole('region', { name: 'Change password' });
  await password.getByLabel('Current password').fill(PASSWORD);
  await password.getByLabel('New password', { exact: true }).fill('Changed#Pass2');
  await password.getByLabel('Repeat new password').fill('Changed#Pass2');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('alert')).toContainText('This needs a confirmed e-mail address');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Please confirm your e-mail address' })).toHaveCount(0);
  await expect(password.getByLabel('Current password')).toHaveValue(PASSWORD);
  await expect(password.getByLabel('New password', { exact: true })).toHaveValue('Changed#Pass2');
  await expect(password.getByLabel('Repeat new password')).toHaveValue('Changed#Pass2');
  await checkPage(page, testInfo, 'settings-unconfirmed');

  await password.getByRole('alert').getByRole('button', { name: 'Resend verification e-mail' }).click();
  await expect(page.getByText('We have sent you a new verification e-mail.').first()).toBeVisible();
});

test('a wrong current password is said at its field, not as a login error', async ({ page, request }) => {
  const email = uniqueEmail('wrong-current');
  await registerViaApi('demo', email);
  // Confirm through the mailed link's token (the API, so that the browser starts logged out).
  const token = new URL(linkIn(await waitForMail(request, email, 'confirm_email'))).searchParams.get(
    'confirmation_token',
  );
  expect((await apiCall('demo', 'POST', `/user/account/confirm_email/${token}`, {})).status).toBe(200);

  await page.goto(partnerUrl('demo', '/login'));
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
  await expect(page.getByRole('heading', { level: 1, name: 'My loans' })).toBeVisible();

  await page.goto(partnerUrl('demo', '/dashboard/settings'));
  const password = page.getByRole('region', { name: 'Change password' });
  await password.getByLabel('Current password').fill('Not#MyPass9');
  await password.getByLabel('New password', { exact: true }).fill('Changed#Pass2');
  await password.getByLabel('Repeat new password').fill('Changed#Pass2');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByLabel('Current password')).toHaveAccessibleDescription(
    'The current password is incorrect.',
  );
  await expect(page.getByText(/e-mail address or password is incorrect/)).toHaveCount(0);
});

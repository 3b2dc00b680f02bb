import { expect, type Page } from '@playwright/test';
import type { DevStaffResponse } from '@finportal/contracts/dev';
import { TOTP } from 'otpauth';
import { apiCall } from './api';
import { partnerUrl } from './env';

/**
 * Helpers of the back-office specs (issue 13): a fresh staff account from the dev route
 * (POST /api/dev/staff) and its one-time code as an authenticator app computes it. A code is
 * accepted once per account and time step, so every login uses an account of its own.
 */

export type DevStaff = DevStaffResponse;

/** A new staff account: a bouser (every partner) or a partner's puser with its role. */
export async function createStaffViaApi(
  partner: string,
  body: { kind: 'bouser' } | { kind: 'puser'; partner: string; role: 'role_partner_admin' | 'role_partner_user' },
): Promise<DevStaff> {
  const res = await apiCall(partner, 'POST', '/dev/staff', body);
  if (res.status !== 201) throw new Error(`staff account failed: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json as DevStaff;
}

/** The current code of the account's authenticator (RFC 6238: 6 digits, 30 s, SHA-1). */
export function staffCode(staff: DevStaff): string {
  return new TOTP({ secret: staff.totp_secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

/** Logs in on the back office's login page (English texts), then waits for the queue. */
export async function loginAsStaff(page: Page, partner: string, staff: DevStaff, path = '/backoffice'): Promise<void> {
  await page.goto(partnerUrl(partner, path));
  await expect(page.getByRole('heading', { level: 1, name: 'Back-office login' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(staff.email);
  await page.getByLabel('Password', { exact: true }).fill(staff.password);
  await page.getByLabel('One-time code').fill(staffCode(staff));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('staff-email')).toContainText(staff.email);
}

/** A card of the case page by its title. */
export const caseCard = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

/** Moves the case on the open page to `to` through the move card and its confirmation. */
export async function moveCase(page: Page, to: string, reason = `Checked: ready for ${to.toLowerCase()}`) {
  const move = caseCard(page, 'Move status');
  await move.getByLabel('New status').selectOption({ label: to });
  await move.getByLabel('Reason').fill(reason);
  await move.getByRole('button', { name: 'Move status …' }).click();
  const dialog = page.getByRole('dialog', { name: /^Move case / });
  await dialog.getByRole('button', { name: `Move to ${to}` }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.fp-bo-headline')).toContainText(to);
}

/** Sets the final pricing on the open case page. */
export async function setFinalPricing(page: Page, rate: string, fee: string) {
  const pricing = caseCard(page, 'Final pricing');
  await pricing.getByLabel('Interest rate (p.a.)').fill(rate);
  await pricing.getByLabel('Transaction fee').fill(fee);
  await pricing.getByRole('button', { name: 'Set pricing' }).click();
  await expect(pricing.getByTestId('pricing-set-by')).toContainText('Set by you on');
}

/** Generates the loan contract or the guarantee agreement on the Documents tab and shows it to the customer. */
export async function provideContract(page: Page, kind: 'Loan contract' | 'Guarantee agreement', short: string) {
  await page.getByRole('tab', { name: /^Documents/ }).click();
  const [button, file] =
    kind === 'Loan contract'
      ? ['Generate loan contract', `Loan-contract-${short}.pdf`]
      : ['Generate guarantee agreement', `Guarantee-agreement-${short}.pdf`];
  const box = page.getByRole('article').filter({ has: page.getByRole('heading', { name: kind }) });
  await box.getByRole('button', { name: button }).click();
  await expect(box).toContainText(`Latest: ${file}`);
  const visible = page.getByRole('switch', { name: `Visible to the customer: ${file}` });
  await visible.first().click();
  await expect(visible.first()).toBeChecked();
}

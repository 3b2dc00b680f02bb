import type { Browser, Page } from '@playwright/test';
import { apiCall, registerViaApi } from './support/api';
import { createStaffViaApi, loginAsStaff } from './support/backoffice';
import {
  alpenApplication,
  confirmEmailViaApi,
  createApplicationViaApi,
  demoApplication,
  loginViaApi,
  useLanguage,
} from './support/dashboard';
import { E2E_PORT, partnerUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { chooseFiles } from './support/files';
import { uniqueEmail } from './support/mailbox';
import { checkPage } from './support/page-check';

/**
 * The partner console (issue 13): a partner admin rebrands the portal (an unreadable colour is
 * refused first), previews the draft in their own browser only, publishes it for everyone and
 * restores the first version; and sets up the webhook endpoint and watches a delivery.
 *
 * Specs run in parallel against one server: each project rebrands a partner of its own whose
 * colours and phone no other spec asserts (desktop alpen, phone vistula; branding.spec.ts checks
 * demo and nordbank, layout-focus.spec.ts the e-mails), and restores the partner's first version
 * at the end (also when it fails half-way), so that a rerun and every other spec see the partner
 * file's branding again.
 */
test.use({ locale: 'en-GB' });

interface Target {
  key: string;
  name: string;
  original: { primary: string; phone: string };
  rebranded: { primary: string; phone: string };
}
const TARGETS: Record<string, Target> = {
  desktop: {
    key: 'alpen',
    name: 'Alpen Leasing',
    original: { primary: '#1e40af', phone: '+43 1 234 5678' },
    rebranded: { primary: '#a61e4d', phone: '+43 1 999 8877' },
  },
  phone: {
    key: 'vistula',
    name: 'Vistula Kredyt',
    original: { primary: '#b4232f', phone: '+48 22 555 01 23' },
    rebranded: { primary: '#1e6b3a', phone: '+48 22 555 99 88' },
  },
};
const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** A browser of its own (a borrower, nobody's staff session), at the width of the project, in English. */
async function borrowerBrowser(browser: Browser, page: Page, partner: string) {
  const context = await browser.newContext({ viewport: page.viewportSize(), locale: 'en-GB' });
  await useLanguage(context, partner, 'en');
  return context;
}

/** The login page's primary button and the support phone of the help popover, as a borrower sees them. */
async function expectBranding(page: Page, partner: string, branding: { primary: string; phone: string }) {
  await expect(heading(page, 'Log in')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in', exact: true }).last()).toHaveCSS(
    'background-color',
    rgb(branding.primary),
  );
  await page.getByRole('button', { name: /Need help/ }).click();
  await expect(page.getByRole('link', { name: branding.phone })).toHaveAttribute('href', /^tel:/);
  await page.keyboard.press('Escape');
}

async function openConsole(page: Page, name: string) {
  await page.getByRole('link', { name: 'Portal settings' }).click();
  await expect(heading(page, 'Portal settings')).toBeVisible();
  await expect(page).toHaveTitle(`Portal settings - ${name}`);
  await expect(page.getByTestId('console-status')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Portal settings' })).toHaveAttribute('aria-current', 'page');
  expect(new URL(page.url()).pathname).toBe('/backoffice/console');
}

test('a partner admin rebrands the portal: refused unreadable colour, private preview, publish, restore', async ({
  page,
  context,
  browser,
}, testInfo) => {
  test.setTimeout(360_000);
  const target = TARGETS[testInfo.project.name] ?? TARGETS.desktop!;
  const { key: partner, original, rebranded } = target;
  const admin = await createStaffViaApi(partner, { kind: 'puser', partner: partner, role: 'role_partner_admin' });
  await useLanguage(context, partner, 'en');
  await loginAsStaff(page, partner, admin);
  try {
    await openConsole(page, target.name);
    const status = page.getByTestId('console-status');
    await expect(status).toContainText('Same as the live version');
    const primary = page.getByLabel('Primary colour');
    await expect(primary).toHaveValue(original.primary);
    await expect(page.getByLabel('Support phone number')).toHaveValue(original.phone);
    await expect(page.getByRole('checkbox', { name: 'Company research' })).toBeDisabled();
    await checkPage(page, testInfo, 'console-draft');

    // The logo's button opens the file chooser (a tap on the phone); a file that is no PNG is refused before it is sent.
    await chooseFiles(page.getByRole('button', { name: 'Upload a PNG …' }), {
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await expect(page.getByText('Please choose a PNG file.')).toBeVisible();

    // White text on yellow cannot be read: the browser refuses it, with the ratio, before asking the API.
    await primary.fill('#ffd43b');
    await expect(page.getByTestId('readability-cta')).toContainText('1.42:1 (at least 4.5:1 needed)');
    await expect(page.getByTestId('readability-cta')).toContainText('Too little contrast');
    await page.getByLabel('Support phone number').fill(rebranded.phone);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(
      page.getByText('The contrast is too low: 1.42:1 against #ffd43b, at least 4.5:1 is needed for readable text.'),
    ).toBeVisible();
    await expect(page.getByLabel('Button text colour')).toBeFocused();
    await expect(page.getByTestId('console-dirty')).toHaveText('You have unsaved changes.');
    await page.getByTestId('readability').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('unreadable.png') });

    // A readable colour: saved, nothing typed lost.
    await primary.fill(rebranded.primary);
    await expect(page.getByTestId('readability-cta')).toContainText('Readable');
    await expect(page.getByLabel('Support phone number')).toHaveValue(rebranded.phone);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('The draft has been saved.')).toBeVisible();
    await expect(page.getByTestId('console-dirty')).toHaveText('Everything is saved.');
    await expect(status).toContainText(`Last saved by ${admin.email}`);
    await expect(status).toContainText('Differs from the live version');

    // The preview: the draft in a new tab of this browser, with the server's banner.
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = await opened;
    await expect(page.getByTestId('preview-on')).toBeVisible();
    await preview.waitForURL(new RegExp(`^http://${partner}\\.localhost:${E2E_PORT}/`));
    await preview.goto(partnerUrl(partner, '/login'));
    await expect(preview.locator('.fp-preview-banner')).toContainText(
      'Draft preview: only you see this version of the portal.',
    );
    await expectBranding(preview, partner, rebranded);
    await checkPage(preview, testInfo, 'console-preview');
    await preview.close();

    // Nobody else sees the draft.
    const borrowerContext = await borrowerBrowser(browser, page, partner);
    const borrower = await borrowerContext.newPage();
    await borrower.goto(partnerUrl(partner, '/login'));
    await expectBranding(borrower, partner, original);

    // Publish: what goes live, then the confirmation.
    await page.getByRole('button', { name: 'Publish …' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish the draft?' });
    await expect(dialog).toContainText('2 settings change:');
    const changes = dialog.getByTestId('publish-changes');
    await expect(changes).toContainText(`Primary colourBefore: ${original.primary}→After: ${rebranded.primary}`);
    await expect(changes).toContainText(`Support phone numberBefore: ${original.phone}→After: ${rebranded.phone}`);
    await checkPage(page, testInfo, 'console-publish');
    await dialog.getByRole('button', { name: 'Publish now' }).click();
    await expect(page.getByText(/^Published: version \d+ is live\.$/)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(status).toContainText('Same as the live version');
    await expect(page.getByRole('button', { name: 'Publish …' })).toBeDisabled();

    // The borrower's portal shows it at the next page load.
    await borrower.reload();
    await expectBranding(borrower, partner, rebranded);
    await checkPage(borrower, testInfo, 'console-published-portal');

    await page.getByTestId('preview-on').getByRole('button', { name: 'End preview' }).click();
    await expect(page.getByText(/The preview has ended/)).toBeVisible();
    await expect(page.getByTestId('preview-on')).toBeHidden();

    // The versions: the first is the partner file's configuration; restoring it brings the original back.
    await page.getByRole('tab', { name: 'Versions' }).click();
    await expect(page).toHaveURL(/[?&]tab=versions/);
    const rows = page.getByTestId('version-row');
    const newest = rows.first();
    await expect(newest).toContainText('Live');
    await expect(newest).toContainText(admin.email);
    await expect(newest).toContainText(rebranded.phone);
    const first = rows.filter({ hasText: /^Version 1\D/ });
    await expect(first).toContainText('Initial configuration');
    await checkPage(page, testInfo, 'console-versions');
    await first.getByRole('button', { name: 'Restore version 1 …' }).click();
    const restore = page.getByRole('dialog', { name: 'Restore version 1?' });
    await expect(restore).toContainText('The settings of version 1 go live at once');
    await restore.getByRole('button', { name: 'Restore version 1' }).click();
    await expect(page.getByText(/^Version 1 is live again, as version \d+\.$/)).toBeVisible();
    await expect(rows.first()).toContainText('Restores version 1');
    await page.getByRole('tab', { name: 'Draft' }).click();
    await expect(primary).toHaveValue(original.primary);

    await borrower.reload();
    await expectBranding(borrower, partner, original);
    await borrowerContext.close();
  } finally {
    // Whatever happened above: no preview left, and alpen live with its first version's branding.
    const staff = (await context.cookies(partnerUrl(partner))).find((c) => c.name === 'fp_staff');
    const cookie = staff ? `fp_staff=${staff.value}` : undefined;
    const path = `/backoffice/partners/${partner}`;
    await apiCall(partner, 'DELETE', `${path}/preview`, undefined, cookie);
    const live = await apiCall(partner, 'GET', `${path}/draft`, undefined, cookie);
    const published = (live.json as { published?: { fe_theme: { color_primary: string } } } | null)?.published;
    if (published && published.fe_theme.color_primary !== original.primary) {
      await apiCall(partner, 'POST', `${path}/versions/1/restore`, undefined, cookie);
    }
  }
});

test('a partner admin sets up the webhook endpoint and follows a delivery', async ({ page, context }, testInfo) => {
  test.setTimeout(360_000);
  // Each project its own partner: the endpoint is one per partner.
  const phone = testInfo.project.name === 'phone';
  const partner = phone ? 'demo' : 'alpen';
  const admin = await createStaffViaApi(partner, { kind: 'puser', partner, role: 'role_partner_admin' });
  await useLanguage(context, partner, 'en');
  await loginAsStaff(page, partner, admin);
  await openConsole(page, phone ? 'Demo Finanz' : 'Alpen Leasing');
  if (phone) {
    // The phone looks at the draft and the versions too (nothing is changed there).
    await checkPage(page, testInfo, 'console-draft');
    await page.getByRole('tab', { name: 'Versions' }).click();
    await expect(page.getByRole('heading', { name: 'Published versions' })).toBeVisible();
    await checkPage(page, testInfo, 'console-versions');
  }
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  const endpoint = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Webhook endpoint' }) });
  const deliveries = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Deliveries' }) });
  await expect(endpoint).toContainText('No endpoint yet.');
  await expect(deliveries).toContainText('No events sent yet');
  await checkPage(page, testInfo, 'console-webhooks-empty');

  // http only to this machine: another host is refused in the browser.
  const url = endpoint.getByLabel('Endpoint URL');
  await url.fill('http://hooks.example.com/finportal');
  await endpoint.getByRole('button', { name: 'Save endpoint' }).click();
  await expect(endpoint).toContainText('This value is invalid.');
  // An address of an internal network is refused by the server (issue 25: public addresses only).
  await url.fill('https://10.0.0.1/finportal');
  await endpoint.getByRole('button', { name: 'Save endpoint' }).click();
  await expect(endpoint).toContainText('Webhooks go to public addresses only');
  // An address of this server that answers 404 to a POST: every attempt fails, and says so
  // (this machine is allowed in the e2e run's development setting only).
  await url.fill(`http://localhost:${E2E_PORT}/api/health`);
  await endpoint.getByRole('button', { name: 'Save endpoint' }).click();
  await expect(page.getByText('The endpoint has been saved.')).toBeVisible();
  const secret = endpoint.getByTestId('webhook-secret');
  await expect(secret).toHaveText(/^whsec_•+$/);
  await endpoint.getByRole('button', { name: 'Show' }).click();
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/=]{20,}$/);
  const before = await secret.textContent();
  await endpoint.getByRole('button', { name: 'New secret …' }).click();
  const rotate = page.getByRole('dialog', { name: 'Create a new secret?' });
  await rotate.getByRole('button', { name: 'Create new secret' }).click();
  await expect(page.getByText('A new secret has been created.')).toBeVisible();
  await expect(secret).not.toHaveText(before!);

  try {
    // A borrower's new application is an event for the endpoint.
    const email = uniqueEmail('console-webhook');
    await registerViaApi(partner, email, 'en');
    await confirmEmailViaApi(page.request, partner, email);
    const cookie = await loginViaApi(partner, email);
    await createApplicationViaApi(
      partner,
      cookie,
      phone ? demoApplication({ companyName: 'Webhook Test GmbH' }) : await alpenApplication('Webhook Test GmbH'),
    );
    const row = deliveries.getByTestId('delivery-row').filter({ hasText: 'application.created' }).first();
    await expect(async () => {
      await deliveries.getByRole('button', { name: 'Refresh' }).click();
      await expect(row).toContainText(/Show attempts \([1-9]/, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await row.getByRole('button', { name: /^Show attempts/ }).click();
    const log = deliveries.getByRole('list', { name: 'Attempts of application.created' }).first();
    await expect(log).toContainText('HTTP 404');
    await expect(log).toContainText(/\d+ ms/);
    await checkPage(page, testInfo, 'console-webhooks-deliveries');
    await row.getByRole('button', { name: 'Send again: application.created' }).click();
    await expect(page.getByText('The event is being sent again.')).toBeVisible();
  } finally {
    // No more events for this test's endpoint.
    const sending = endpoint.getByRole('switch', { name: /Send events/ });
    await sending.uncheck();
    await endpoint.getByRole('button', { name: 'Save endpoint' }).click();
    await expect(page.getByText('The endpoint has been saved.').last()).toBeVisible();
  }
});

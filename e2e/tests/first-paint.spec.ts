import { partnerUrl } from './support/env';
import { expect, test } from './support/fixtures';

test.use({ locale: 'en-US' });

/** ADR 013: what the HTML itself shows and announces before a script has run. */
test('before its scripts run, the page shows the partner’s header where the app draws it', async ({ page }) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(partnerUrl('nordbank', '/login'));
  const bootLogo = page.locator('#root .fp-boot img.fp-logo');
  await expect(bootLogo).toBeVisible();
  await expect(bootLogo).toHaveAttribute('alt', 'Nordbank Business');
  // Drawn from the page itself (no request to wait for) and 40 px high like the app's logo.
  await expect(bootLogo).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  const box = await bootLogo.boundingBox();
  expect(box?.height).toBe(40);

  await page.unroute('**/assets/*.js');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  const appLogo = page.getByTestId('header-logo').locator('img');
  const appBox = await appLogo.boundingBox();
  // The app's header replaces it in the same place (on a phone, where the guest's actions wrap
  // to a second line, the logo row is 4 px less high).
  expect(appBox?.x).toBeCloseTo(box!.x, 0);
  expect(Math.abs(appBox!.y - box!.y)).toBeLessThanOrEqual(4);
  await expect(page.locator('.fp-boot')).toHaveCount(0);
});

test('the first visit fetches the page’s own scripts with the entry, not after it', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const response = await page.goto(partnerUrl('demo', '/login'));
  const html = (await response?.text()) ?? '';
  const announced = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]!);
  expect(announced.some((href) => /\/assets\/login-page-[\w-]+\.js$/.test(href))).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  // Every announced script was used, and each script was fetched once.
  for (const href of announced) expect(scripts).toContain(href);
  expect(new Set(scripts).size).toBe(scripts.length);
});

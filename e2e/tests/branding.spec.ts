import { partnerUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { checkPage } from './support/page-check';

test.use({ locale: 'en-US' });

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

for (const partner of [
  {
    key: 'demo',
    name: 'Demo Finanz',
    primary: '#0b5cad',
    phone: '+49 30 1234 5678',
    email: 'support@demo-finanz.example',
  },
  {
    key: 'nordbank',
    name: 'Nordbank Business',
    primary: '#0f766e',
    phone: '+49 40 9876 5432',
    email: 'firmenkunden@nordbank.example',
  },
]) {
  test(`${partner.key} shows its own name, logo, colours, contacts and titles`, async ({ page }, testInfo) => {
    await page.goto(partnerUrl(partner.key, '/login'));
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(page).toHaveTitle(`Log in - ${partner.name}`);
    const logo = page.getByTestId('header-logo').locator('img');
    await expect(logo).toHaveAttribute(
      'src',
      new RegExp(`/api/partner/key/${partner.key}/logo\\?v=${partner.key}\\.svg$`),
    );
    await expect(logo).toHaveJSProperty('complete', true);
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const submit = page.getByRole('button', { name: 'Log in', exact: true }).last();
    await expect(submit).toHaveCSS('background-color', rgb(partner.primary));
    await checkPage(page, testInfo, `branding-${partner.key}-login`);

    await page.getByRole('button', { name: /Need help/ }).click();
    await expect(page.getByRole('link', { name: partner.phone })).toHaveAttribute('href', /^tel:/);
    await expect(page.getByRole('link', { name: partner.email })).toHaveAttribute('href', `mailto:${partner.email}`);
    await page.keyboard.press('Escape');

    await page.goto(partnerUrl(partner.key, '/register'));
    await expect(page).toHaveTitle(`Create account - ${partner.name}`);
    const footer = page.getByTestId('footer');
    await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', /^https:\/\//);
  });
}

test('nordbank asks for partner terms and marketing consent; demo does not', async ({ page }, testInfo) => {
  await page.goto(partnerUrl('nordbank', '/register'));
  await expect(page.getByRole('checkbox', { name: /terms and conditions of Nordbank AG/ })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /offers and news from Nordbank Business/ })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  for (const box of await page.getByRole('checkbox').all()) await expect(box).toBeChecked();
  await checkPage(page, testInfo, 'register-nordbank');

  await page.goto(partnerUrl('demo', '/register'));
  await expect(page.getByRole('checkbox', { name: /I accept the/ })).toHaveCount(1);
  await expect(page.getByRole('checkbox', { name: /offers and news/ })).toHaveCount(0);
});

test('an unknown subdomain shows the not-found page', async ({ page }, testInfo) => {
  await page.goto(partnerUrl('nope', '/login'));
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByTestId('header-logo')).toHaveCount(0);
  await checkPage(page, testInfo, 'not-found-unknown-partner');
});

test('an unknown path shows the branded not-found page', async ({ page }, testInfo) => {
  await page.goto(partnerUrl('demo', '/no/such/page'));
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByTestId('header-logo')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await checkPage(page, testInfo, 'not-found');
});

test('vistula has no self-service applications: / goes to login', async ({ page }, testInfo) => {
  await page.goto(partnerUrl('vistula', '/'));
  await expect(page).toHaveURL(/\/login$/);
  await checkPage(page, testInfo, 'vistula-login');
});

test.describe('cookie consent', () => {
  test.use({ cookieChoice: false });
  test('asks once, essential always on, choice remembered', async ({ page }, testInfo) => {
    await page.goto(partnerUrl('demo', '/login'));
    const dialog = page.getByRole('dialog', { name: 'Your cookie settings' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: 'Essential cookies' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Essential cookies' })).toBeDisabled();
    await expect(dialog.getByRole('checkbox', { name: 'Statistics' })).not.toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Marketing' })).not.toBeChecked();
    await checkPage(page, testInfo, 'cookie-consent');
    // The first choice must be made: Escape does not close the dialog.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Save selection' }).click();
    await expect(dialog).toBeHidden();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'fp_cookie_consent');
    expect(cookie).toBeDefined();
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(179);
    expect(days).toBeLessThan(181);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(dialog).toBeHidden();
  });
});

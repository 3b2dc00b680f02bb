import { partnerUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { checkPage } from './support/page-check';

/**
 * Issue 9 findings 12 and 13 at Vistula (languages pl, en, de; default pl; users may not create
 * applications): a browser in a language the partner does not offer gets the partner's default
 * language, not the German fallback; the not-found page offers no new loan.
 */
test.describe('a Spanish browser', () => {
  test.use({ locale: 'es-ES' });

  test('gets Polish at Vistula, also on the next visit; German at Demo, whose default it is', async ({ page }) => {
    await page.goto(partnerUrl('vistula', '/login'));
    await expect(page.getByRole('heading', { level: 1, name: 'Logowanie' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Logowanie' })).toBeVisible();

    await page.goto(partnerUrl('demo', '/login'));
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  });
});

test.describe('the not-found page', () => {
  test.use({ locale: 'en-US' });

  test('offers no new loan at Vistula (my loans and home only); Demo offers one', async ({ page }, testInfo) => {
    await page.goto(partnerUrl('vistula', '/no-such-page'));
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    const content = page.getByTestId('not-found');
    await expect(content.getByRole('link', { name: 'view my loans' })).toBeVisible();
    await expect(content.getByRole('link', { name: 'Go to home page' })).toBeVisible();
    await expect(content.getByText(/new loan/)).toHaveCount(0);
    await expect(content.getByRole('link', { name: 'Apply now' })).toHaveCount(0);
    await checkPage(page, testInfo, 'not-found-vistula');

    await page.goto(partnerUrl('demo', '/no-such-page'));
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(content.getByRole('link', { name: 'start a new loan' })).toBeVisible();
    await expect(content.getByRole('link', { name: 'Apply now' })).toBeVisible();
  });
});

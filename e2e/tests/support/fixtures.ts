import { test as base, expect } from '@playwright/test';
import { E2E_PORT } from './env';

export const PARTNERS = ['demo', 'nordbank', 'vistula'] as const;

/**
 * `page` with a stored cookie choice on every demo partner, so that the consent dialog does not
 * cover the screens; the consent test itself switches it off with `test.use({ cookieChoice: false })`.
 */
export const test = base.extend<{ cookieChoice: boolean }>({
  cookieChoice: [true, { option: true }],
  page: async ({ page, context, cookieChoice }, use) => {
    if (cookieChoice) {
      const value = encodeURIComponent(JSON.stringify({ essential: true, analytics: false, marketing: false }));
      await context.addCookies(
        PARTNERS.map((key) => ({ name: 'fp_cookie_consent', value, url: `http://${key}.localhost:${E2E_PORT}` })),
      );
    }
    await use(page);
  },
});

export { expect };

import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Closes the toasts with their close buttons, so that a screenshot or an accessibility check sees
 * the page under them (a toast caught while it fades out fails axe's contrast check). Waiting
 * for them to close on their own is no choice: a toast under the pointer or the finger stays.
 * A toast may close on its own meanwhile (then there is nothing to click), or arrive while others
 * close (then it is closed on the next round).
 */
export async function dismissToasts(page: Page) {
  await expect(async () => {
    for (const close of await page.locator('.mantine-Notification-closeButton').all())
      await close.click({ timeout: 2000 }).catch(() => undefined);
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 40_000 });
}

import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

const SHOTS = path.resolve(import.meta.dirname ?? __dirname, '../../artifacts/screenshots');

/**
 * Every page a test visits goes through here: it waits for the page to settle, runs axe-core
 * (no serious or critical violation), checks there is no horizontal scrolling, and saves a
 * full-page screenshot as a test artefact (artifacts/screenshots/<project>/<name>.png).
 */
export async function checkPage(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  // The page as it rests: the pointer off whatever the test clicked last (a hover background is a passing state).
  await page.mouse.move(0, 0);
  await expect(page.locator('main, [data-testid="not-found"]').first()).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const described = bad.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')})`,
  );
  expect(described, `axe violations on ${name} (${page.url()})`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `horizontal scrolling on ${name} at ${page.viewportSize()?.width}px`).toBeLessThanOrEqual(0);
  const dir = path.join(SHOTS, testInfo.project.name);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

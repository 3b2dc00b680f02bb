import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { registerViaApi } from './support/api';
import { createApplicationViaApi, demoApplication, loginViaApi, useLanguage, useSession } from './support/dashboard';
import { partnerUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { linkIn, uniqueEmail, waitForMail } from './support/mailbox';
import { checkPage } from './support/page-check';

/**
 * Issue 9, findings 11 and 14, at 1280 and 375 px: the header logo is 40 px high and never
 * squeezed; long e-mail addresses stay inside their alert and the help popover (and the support
 * e-mail does not break mid-word); every focusable control shows a 2 px focus ring of at least
 * 3:1, focus never hides under the sticky header, invalid checkboxes say so (aria-invalid), and
 * an open modal adds no second banner landmark.
 */
test.use({ locale: 'en-GB' });

const PARTNERS = [
  { key: 'demo', email: 'support@demo-finanz.example' },
  { key: 'nordbank', email: 'firmenkunden@nordbank.example' },
  { key: 'vistula', email: 'pomoc@vistula-kredyt.example' },
] as const;

type Box = { left: number; right: number; top: number; bottom: number; width: number; height: number };
const box = (locator: Locator): Promise<Box> =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height };
  });

/** The header logo: 40 px high, as wide as its proportions make it, inside the viewport and clear of the actions. */
async function expectLogo(page: Page) {
  const img = page.getByTestId('header-logo').locator('img');
  await expect(img).toHaveJSProperty('complete', true);
  const natural = await img.evaluate((el: HTMLImageElement) => el.naturalWidth / el.naturalHeight);
  const logo = await box(img);
  expect(logo.height).toBeCloseTo(40, 0);
  expect(logo.width).toBeCloseTo(40 * natural, 0);
  const viewport = page.viewportSize()!.width;
  expect(logo.left).toBeGreaterThanOrEqual(0);
  expect(logo.right).toBeLessThanOrEqual(viewport);
  const actions = await box(page.locator('.fp-header-actions'));
  expect(actions.right).toBeLessThanOrEqual(viewport);
  // Beside the logo, or on a line of their own below it.
  expect(actions.left >= logo.right || actions.top >= logo.bottom).toBe(true);
}

for (const partner of PARTNERS) {
  test(`${partner.key}: the logo is 40 px high and the support e-mail stays whole inside the help popover`, async ({
    page,
    context,
  }, testInfo) => {
    await useLanguage(context, partner.key, 'en');
    await page.goto(partnerUrl(partner.key, '/login'));
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expectLogo(page);
    await checkPage(page, testInfo, `layout-header-${partner.key}`);

    await page.getByRole('button', { name: /Need help/ }).click();
    const link = page.getByRole('link', { name: new RegExp(partner.email.replace(/\./g, '\\.')) });
    await expect(link).toBeVisible();
    // One line box: the address is not broken (mid-word or at all) at this width.
    expect(await link.evaluate((el) => el.getClientRects().length)).toBe(1);
    const panel = await box(page.locator('.fp-disclosure'));
    const email = await box(link);
    expect(email.left).toBeGreaterThanOrEqual(panel.left);
    expect(email.right).toBeLessThanOrEqual(panel.right);
    expect(panel.left).toBeGreaterThanOrEqual(0);
    expect(panel.right).toBeLessThanOrEqual(page.viewportSize()!.width);

    // Where it has to wrap (a narrow box), it wraps only after the @ or a hyphen, or before a dot.
    await page.locator('.fp-disclosure').evaluate((el: HTMLElement) => (el.style.width = '180px'));
    const lines = await link.evaluate((el) => {
      const chars: { c: string; top: number }[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < (node.textContent ?? '').length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          chars.push({ c: node.textContent![i]!, top: Math.round(range.getBoundingClientRect().top) });
        }
      }
      const out: string[] = [''];
      chars.forEach((ch, i) => {
        if (i > 0 && ch.top > chars[i - 1]!.top) out.push('');
        out[out.length - 1] += ch.c;
      });
      return out;
    });
    expect(lines.join('')).toBe(partner.email);
    expect(lines.length).toBeGreaterThan(1);
    for (let i = 1; i < lines.length; i++) {
      const sensible = /[@-]$/.test(lines[i - 1]!) || lines[i]!.startsWith('.');
      expect(sensible, `"${lines[i - 1]}" | "${lines[i]}"`).toBe(true);
    }
  });
}

test('signed in: the logo is 40 px high beside the help, language and profile menus', async ({
  page,
  context,
}, testInfo) => {
  const email = uniqueEmail('layout-logo');
  await registerViaApi('nordbank', email, 'en');
  const cookie = await loginViaApi('nordbank', email);
  await useLanguage(context, 'nordbank', 'en');
  await useSession(context, 'nordbank', cookie);
  await page.goto(partnerUrl('nordbank', '/dashboard/applications'));
  await expect(page.getByRole('heading', { level: 1, name: 'My loans' })).toBeVisible();
  await expectLogo(page);
  // The profile menu opens below its button (on phones: below the header), inside the viewport.
  await page.getByTestId('profile-menu').click();
  const menu = await box(page.getByRole('menu'));
  const below = testInfo.project.name === 'phone' ? page.locator('header.fp-header') : page.getByTestId('profile-menu');
  expect(menu.top).toBeGreaterThanOrEqual((await box(below)).bottom - 8);
  expect(menu.left).toBeGreaterThanOrEqual(0);
  expect(menu.right).toBeLessThanOrEqual(page.viewportSize()!.width);
  await page.keyboard.press('Escape');
  await checkPage(page, testInfo, 'layout-header-signed-in');
});

test('a 60-character e-mail address stays inside the confirmation alert', async ({ page, context, request }) => {
  // One unbroken local part: the worst case for wrapping.
  const local = `averylongcustomermailbox${Date.now().toString(36)}${process.pid}${test.info().project.name}`;
  const email = `${local.padEnd(48, 'x').slice(0, 48)}@example.com`.toLowerCase();
  expect(email).toHaveLength(60);
  await registerViaApi('demo', email, 'en');
  const mail = await waitForMail(request, email, 'confirm_email');
  const token = new URL(linkIn(mail)).searchParams.get('confirmation_token');
  expect(token).toBeTruthy();

  await useLanguage(context, 'demo', 'en');
  await page.goto(partnerUrl('demo', `/user/account/confirm_email/${token}`));
  const alert = page.getByRole('status').filter({ hasText: 'is now confirmed' });
  await expect(alert).toContainText(email);
  const outer = await box(alert);
  // The text itself (a Range over the alert's text) ends inside the alert's box.
  const text = await alert.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const r = range.getBoundingClientRect();
    return { left: r.left, right: r.right };
  });
  expect(text.left).toBeGreaterThanOrEqual(outer.left);
  expect(text.right).toBeLessThanOrEqual(outer.right + 0.5);
  expect(await alert.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect(outer.right).toBeLessThanOrEqual(page.viewportSize()!.width);
});

/** The focus indicator of the focused element (its outline, or the outline of a Switch's track). */
function focusRing(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const target =
      el.matches('input.mantine-Switch-input') && el.nextElementSibling instanceof HTMLElement
        ? el.nextElementSibling
        : el;
    const style = getComputedStyle(target);
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a: number[], b: number[]) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    return {
      what: `${el.tagName.toLowerCase()}[type=${el.getAttribute('type') ?? ''}][role=${el.getAttribute('role') ?? ''}] ${(
        el.getAttribute('aria-label') ??
        el.textContent ??
        ''
      )
        .trim()
        .slice(0, 40)}`,
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      contrastOnWhite: contrast(rgb(style.outlineColor), [255, 255, 255]),
    };
  });
}

/** Tabs through the page from `start` and checks the focus ring of every control it reaches. */
async function expectFocusRings(page: Page, start: Locator, steps: number) {
  await start.focus();
  const seen: string[] = [];
  for (let i = 0; i < steps; i++) {
    const ring = await focusRing(page);
    if (ring) {
      seen.push(ring.what);
      expect(ring.style, ring.what).not.toBe('none');
      expect(ring.width, ring.what).toBeGreaterThanOrEqual(2);
      expect(ring.contrastOnWhite, ring.what).toBeGreaterThanOrEqual(3);
    }
    await page.keyboard.press('Tab');
  }
  return seen;
}

test('every control shows a 2 px focus ring; an invalid checkbox carries aria-invalid', async ({ page, context }) => {
  await useLanguage(context, 'nordbank', 'en');
  await page.goto(partnerUrl('nordbank', '/register'));
  await expect(page.getByRole('heading', { level: 1, name: 'Create account' })).toBeVisible();

  // Skip link, logo, header buttons, the fields, the checkboxes, the links in their labels, submit.
  const seen = await expectFocusRings(page, page.locator('body'), 22);
  expect(seen.some((s) => s.startsWith('input[type=email]'))).toBe(true);
  expect(seen.some((s) => s.startsWith('input[type=password]'))).toBe(true);
  expect(seen.filter((s) => s.startsWith('input[type=checkbox]')).length).toBeGreaterThanOrEqual(3);
  expect(seen.some((s) => s.startsWith('a['))).toBe(true);
  expect(seen.some((s) => s.startsWith('button['))).toBe(true);

  // A text input focused by a click shows the ring too (not only a border colour).
  await page.getByLabel('E-mail address').click();
  const clicked = await focusRing(page);
  expect(clicked?.width).toBeGreaterThanOrEqual(2);

  // Submitting without the terms (on a fresh form): the box is marked invalid, ticking it clears that.
  await page.reload();
  const terms = page.getByRole('checkbox', { name: /terms and conditions of Nordbank AG/ });
  await expect(terms).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('E-mail address').fill(uniqueEmail('layout-invalid'));
  await page.getByLabel('Password', { exact: true }).fill('Start#Pass1');
  await page.getByLabel('Repeat password').fill('Start#Pass1');
  await page.getByRole('button', { name: 'Create account' }).last().click();
  await expect(terms).toHaveAttribute('aria-invalid', 'true');
  const generalTerms = page.getByRole('checkbox', { name: /I accept the terms and conditions and have read/ });
  await expect(generalTerms).toHaveAttribute('aria-invalid', 'true');
  await terms.check();
  await expect(terms).not.toHaveAttribute('aria-invalid', 'true');
});

test('the overview: tabs show the focus ring, focus stays clear of the sticky header, a modal adds no banner', async ({
  page,
  context,
}, testInfo) => {
  const email = uniqueEmail('layout-modal');
  await registerViaApi('demo', email, 'en');
  const cookie = await loginViaApi('demo', email);
  const app = await createApplicationViaApi('demo', cookie, demoApplication());
  await useLanguage(context, 'demo', 'en');
  await useSession(context, 'demo', cookie);
  await page.goto(partnerUrl('demo', `/dashboard/applications/${app.applicationId}`));
  await expect(page.getByRole('heading', { level: 1, name: `Application ${app.shortApplicationId}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Open items' })).toBeVisible();

  // Tabs (arrow keys move between them) and the links of the pending items.
  await page.getByRole('tab', { name: 'Overview' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Representatives' })).toBeFocused();
  const tab = await focusRing(page);
  expect(tab?.width).toBeGreaterThanOrEqual(2);
  expect(tab?.style).not.toBe('none');
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByRole('region', { name: 'Open items' })).toBeVisible();

  if (testInfo.project.name === 'desktop') {
    // WCAG 2.2 2.4.11: from the bottom of the page, focus goes back to the breadcrumb above the
    // viewport; it is scrolled into view below the sticky header, not under it.
    await page.setViewportSize({ width: 1280, height: 480 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const crumb = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Loans' });
    await expect.poll(async () => (await box(crumb)).bottom).toBeLessThan(0);
    await crumb.focus();
    const header = await box(page.locator('header.fp-header'));
    expect((await box(crumb)).top).toBeGreaterThanOrEqual(header.bottom);
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // A Mantine modal (the bank data, opened as its pending item links it): one banner landmark.
  await expect(page.getByRole('banner')).toHaveCount(1);
  await page.goto(partnerUrl('demo', `/dashboard/applications/${app.applicationId}?tab=overview&modal=bankinfo`));
  const dialog = page.getByRole('dialog', { name: 'Add bank details' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(1);
  const axe = await new AxeBuilder({ page })
    .withRules(['landmark-no-duplicate-banner', 'landmark-banner-is-top-level', 'landmark-unique'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  // Inside the modal: the fields and buttons show the ring as well.
  const seen = await expectFocusRings(page, dialog.getByRole('textbox', { name: 'Bank name' }), 5);
  expect(seen.some((s) => s.startsWith('input['))).toBe(true);
  expect(seen.some((s) => s.startsWith('button['))).toBe(true);
});

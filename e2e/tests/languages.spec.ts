import type { BrowserContext, Page } from '@playwright/test';
import { buildFactoringApplicationInput } from '@finportal/testing/factories';
import { registerViaApi } from './support/api';
import {
  alpenApplication,
  COMPLETE_SIGNATORY,
  confirmEmailViaApi,
  createApplicationViaApi,
  demoApplication,
  loginViaApi,
  seedFixtures,
  useSession,
} from './support/dashboard';
import { partnerUrl } from './support/env';
import { foreignTextOn, type Language } from './support/foreign-text';
import { expect, test } from './support/fixtures';
import { uniqueEmail } from './support/mailbox';

/**
 * Issue 26, finding 2 and its guard: a first visit with a browser in English, French or Polish
 * (no ?lng=, no language cookie) gets every text in that language, the partner's configured texts
 * (dynamic form steps and labels, document types) included; every page of the dashboard, opened
 * with each browser language the partner offers, shows no text of another language
 * (support/foreign-text.ts: the other catalogues' and partner texts' phrases).
 */
const LOCALES: Record<Language, string> = { de: 'de-DE', en: 'en-GB', fr: 'fr-FR', pl: 'pl-PL' };

/** Only the cookie choice: the language comes from the browser. */
async function consentOnly(context: BrowserContext, partner: string) {
  const value = encodeURIComponent(JSON.stringify({ essential: true, analytics: false, marketing: false }));
  await context.addCookies([{ name: 'fp_cookie_consent', value, url: partnerUrl(partner) }]);
}

/** The page has drawn its content: a heading, no skeleton, no spinner. */
async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
}

async function expectOnlyLanguage(page: Page, language: Language, where: string) {
  await settled(page);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  expect(await foreignTextOn(page, language), `${where} in ${language}`).toEqual([]);
}

const CASES: { partner: string; languages: Language[] }[] = [
  { partner: 'alpen', languages: ['en', 'fr', 'de'] },
  { partner: 'demo', languages: ['en', 'fr', 'pl', 'de'] },
  { partner: 'nordbank', languages: ['en', 'de'] },
  { partner: 'vistula', languages: ['pl', 'en', 'de'] },
];

for (const { partner, languages } of CASES) {
  for (const language of languages) {
    test.describe(`${partner}, a browser in ${LOCALES[language]}`, () => {
      test.use({ locale: LOCALES[language], cookieChoice: false });

      test(`every page shows ${language} only`, async ({ page, context }) => {
        test.setTimeout(360_000);
        await consentOnly(context, partner);
        // The first visit: the wizard (alpen's dynamic steps come from the partner's configuration).
        await page.goto(partnerUrl(partner, '/'));
        await expectOnlyLanguage(page, language, 'the first page');

        // Every page of the dashboard, with an application of each kind the partner has.
        const email = uniqueEmail(`lang-${partner}-${language}`);
        await registerViaApi(partner, email, language);
        await confirmEmailViaApi(page.request, partner, email);
        const cookie = await loginViaApi(partner, email);
        const ids: string[] = [];
        if (partner !== 'vistula') {
          const body = partner === 'alpen' ? await alpenApplication(`Sprachtest ${language} GmbH`) : demoApplication();
          ids.push((await createApplicationViaApi(partner, cookie, body)).applicationId);
          await seedFixtures(partner, ids[0]!, { signatories: [COMPLETE_SIGNATORY] });
        }
        if (partner === 'demo' || partner === 'nordbank') {
          ids.push((await createApplicationViaApi(partner, cookie, buildFactoringApplicationInput())).applicationId);
        }
        await useSession(context, partner, cookie);
        await page.goto(partnerUrl(partner, '/dashboard/applications'));
        await expectOnlyLanguage(page, language, 'the applications list');
        await page.goto(partnerUrl(partner, '/dashboard/settings'));
        await expectOnlyLanguage(page, language, 'the settings');
        for (const id of ids) {
          await page.goto(partnerUrl(partner, `/dashboard/applications/${id}`));
          await settled(page);
          const names = await page.getByRole('tab').allInnerTexts();
          expect(names.length, 'tabs').toBeGreaterThanOrEqual(3);
          for (const [index] of names.entries()) {
            await page.getByRole('tab').nth(index).click();
            await expectOnlyLanguage(page, language, `the tab ${names[index]}`);
          }
        }
      });
    });
  }
}

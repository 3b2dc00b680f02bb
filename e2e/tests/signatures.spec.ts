import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiCall, registerViaApi } from './support/api';
import { createStaffViaApi, loginAsStaff, moveCase, provideContract, setFinalPricing } from './support/backoffice';
import {
  COMPLETE_SIGNATORY,
  confirmEmailViaApi,
  createApplicationViaApi,
  demoApplication,
  loginViaApi,
  seedFixtures,
  useLanguage,
  useSession,
} from './support/dashboard';
import { apiUrl, partnerUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { chooseFiles } from './support/files';
import { linkIn, uniqueEmail, waitForMail } from './support/mailbox';
import { checkPage } from './support/page-check';

/**
 * Invitations, identification and signatures (issue 14): the back office moves an application to
 * Signature; the invited representative accepts the invitation from the mailbox, enters a tax id,
 * fails the demo identification once and passes it on the second try, uploads the signed
 * guarantee offline, accepts the terms and submits; the applicant sees the signature and the
 * status move on. An expired invitation shows so, and a new one sent by the applicant works.
 */
test.use({ locale: 'en-GB' });

const PASSWORD = 'Signer-Pass-2026!';
const TAX_ID = '86095742719';
const SIGNED_SCAN = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% signed on paper\n%%EOF\n');

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function newPerson(browser: Browser, page: Page) {
  const context = await browser.newContext({ viewport: page.viewportSize(), locale: 'en-GB' });
  await useLanguage(context, 'demo', 'en');
  return context;
}

/** An applicant with an application in Pricing and one representative (60 % owner, signs alone, no tax id). */
async function applicationBeforeSignature(request: APIRequestContext, label: string) {
  const email = uniqueEmail(`applicant-${label}`);
  await registerViaApi('demo', email, 'en');
  await confirmEmailViaApi(request, 'demo', email);
  const cookie = await loginViaApi('demo', email);
  const company = `Signing ${label} ${Date.now().toString(36)} GmbH`;
  const app = await createApplicationViaApi('demo', cookie, demoApplication({ companyName: company }));
  const signerEmail = uniqueEmail(`signer-${label}`);
  await seedFixtures('demo', app.applicationId, {
    status: 'Pricing',
    signatories: [{ ...COMPLETE_SIGNATORY, email: signerEmail }],
  });
  return { id: app.applicationId, short: app.shortApplicationId, company, cookie, email, signerEmail };
}

/**
 * A bouser sets the pricing and makes the offer, the applicant accepts it, the bouser provides both
 * contracts to the customer and moves the case to Signature.
 */
async function backOfficeToSignature(page: Page, id: string, short: string, applicantCookie: string) {
  const staff = await createStaffViaApi('demo', { kind: 'bouser' });
  await useLanguage(page.context(), 'demo', 'en');
  await loginAsStaff(page, 'demo', staff, `/backoffice/applications/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${short} · `) })).toBeVisible();
  await setFinalPricing(page, '5.25', '1500');
  await moveCase(page, 'Offer available', 'Final offer made');
  // The applicant accepts the final offer (walked in the browser in backoffice.spec.ts).
  const accepted = await apiCall(
    'demo',
    'PATCH',
    `/user/applications/${id}/status`,
    { status: 'Offer_Accepted' },
    applicantCookie,
  );
  expect(accepted.status).toBe(200);
  await page.reload();
  await expect(page.locator('.fp-bo-headline')).toContainText('Offer accepted');
  await provideContract(page, 'Loan contract', short);
  await provideContract(page, 'Guarantee agreement', short);
  await moveCase(page, 'Signature', 'Contracts ready: please sign');
}

/** Opens the invitation link, sets a password, accepts the terms; lands on the application. */
async function acceptInvitation(signer: Page, link: string, company: string, short: string) {
  await signer.goto(link);
  await expect(heading(signer, 'Accept invitation')).toBeVisible();
  await expect(signer.getByText(new RegExp(`sign the financing application ${short} of ${company}`))).toBeVisible();
  await signer.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signer.getByLabel('Repeat password').fill(PASSWORD);
  await signer
    .getByRole('checkbox', { name: /I accept the/ })
    .first()
    .check();
  await signer.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(signer).toHaveURL(/\/dashboard\/applications\/[0-9a-f-]+/);
}

test('a representative signs: invitation, tax id, identification (failed, then passed), guarantee on paper, terms', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(480_000);
  const a = await applicationBeforeSignature(request, testInfo.project.name);
  await backOfficeToSignature(page, a.id, a.short, a.cookie);

  // The invitation e-mail, in the representative's language, with the partner's link.
  const mail = await waitForMail(request, a.signerEmail, 'signature_invitation');
  expect(mail.text).toContain(a.company);
  const link = linkIn(mail);
  expect(link).toMatch(/\/user\/account\/invite\/[A-Za-z0-9_-]+$/);

  const signerContext = await newPerson(browser, page);
  const signer = await signerContext.newPage();
  await acceptInvitation(signer, link, a.company, a.short);
  // The signer lands on their signing steps (ADR 021).
  await expect(signer).toHaveURL(/tab=signatures/);
  const steps = signer.getByRole('list', { name: 'Your signature steps' });
  await expect(steps).toBeVisible();
  await checkPage(signer, testInfo, 'signatures-steps');

  // 1: the personal tax id.
  await signer.getByRole('textbox', { name: 'Personal tax ID' }).fill(TAX_ID);
  await signer.getByRole('button', { name: 'Save tax ID' }).click();
  await expect(signer.getByText(/^Your tax ID has been saved: /)).toBeVisible();

  // 2: the identification fails at the demo provider, then passes on the second try.
  await signer.getByRole('button', { name: 'Start identity check' }).click();
  await expect(signer.getByRole('heading', { name: 'Demo identification provider (no real check)' })).toBeVisible();
  await checkPage(signer, testInfo, 'signatures-demo-provider');
  await signer.getByRole('button', { name: 'Fail the check' }).click();
  await expect(signer).toHaveURL(/tab=signatures/);
  await expect(signer.getByText('The identity check failed')).toBeVisible();
  await signer.getByRole('button', { name: 'Restart identity check' }).click();
  await expect(signer.getByRole('heading', { name: 'Demo identification provider (no real check)' })).toBeVisible();
  await signer.getByRole('button', { name: /^Confirm: identity checked/ }).click();
  await expect(signer).toHaveURL(/tab=signatures/);
  await expect(signer.getByText('Your identity has been confirmed.')).toBeVisible({ timeout: 30_000 });

  // 3: the guarantee, signed on paper and uploaded.
  await chooseFiles(signer.getByRole('button', { name: /^Signed guarantee contract/ }), {
    name: 'guarantee-signed.pdf',
    mimeType: 'application/pdf',
    buffer: SIGNED_SCAN,
  });
  await signer.getByRole('button', { name: 'Upload signed contract' }).click();
  await expect(signer.getByText('Your signed guarantee contract has been uploaded.')).toBeVisible({ timeout: 30_000 });

  // 4: the terms, the confirmation naming the representatives, the success panel.
  await signer.getByRole('checkbox', { name: 'SEPA direct debit mandate' }).check();
  await signer.getByRole('checkbox', { name: /legally binding signature/ }).check();
  await signer.getByRole('button', { name: 'Sign and submit' }).click();
  const confirm = signer.getByRole('dialog', { name: 'Sign the contract?' });
  await expect(confirm).toContainText('Erika Mustermann');
  await confirm.getByRole('button', { name: 'Sign now' }).click();
  await expect(signer.getByText('Your signature is complete')).toBeVisible();
  await checkPage(signer, testInfo, 'signatures-complete');
  await signerContext.close();

  // The applicant: the application moves on once everyone has signed (a job), with the signed contract.
  const applicantContext = await newPerson(browser, page);
  await useSession(applicantContext, 'demo', a.cookie);
  const applicant = await applicantContext.newPage();
  await expect(async () => {
    await applicant.goto(partnerUrl('demo', `/dashboard/applications/${a.id}`));
    await expect(applicant.locator('.fp-frame-header [data-status-colour]')).toHaveText('In review after signature', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  await applicant.getByRole('tab', { name: 'Representatives' }).click();
  await expect(applicant.getByText(/^Signed on /).first()).toBeVisible();
  await expect(applicant.getByRole('link', { name: 'Download the signing records (JSON)' })).toHaveAttribute(
    'href',
    new RegExp(`/user/applications/${a.id}/signing_records\\?download=1$`),
  );
  await checkPage(applicant, testInfo, 'signatures-applicant');
  const records = await apiCall('demo', 'GET', `/user/applications/${a.id}/signing_records`, undefined, a.cookie);
  const list = (records.json as { records: { method: string; document_type: string }[] }).records;
  expect(list.some((r) => r.method === 'offline')).toBe(true);
  expect(list.some((r) => r.method === 'online' && r.document_type === 'loan_contract')).toBe(true);
  await applicantContext.close();

  // The back office sees the case in Final review.
  await page.reload();
  await expect(page.locator('.fp-bo-headline')).toContainText('Final review');
});

test('an expired invitation says so; a new one sent by the applicant works', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(360_000);
  const a = await applicationBeforeSignature(request, `expired-${testInfo.project.name}`);
  await backOfficeToSignature(page, a.id, a.short, a.cookie);
  const first = linkIn(await waitForMail(request, a.signerEmail, 'signature_invitation'));
  const expired = await apiCall('demo', 'POST', `/dev/applications/${a.id}/expire-invitations`, {});
  expect(expired.status).toBe(200);

  const signerContext = await newPerson(browser, page);
  const signer = await signerContext.newPage();
  await signer.goto(first);
  await expect(signer.getByText('Invitation expired')).toBeVisible();
  await expect(signer.getByText('The applicant or your advisor can send you a new one.')).toBeVisible();
  await checkPage(signer, testInfo, 'signatures-invitation-expired');

  // The applicant sends a new invitation from the representative's card.
  const applicantContext = await newPerson(browser, page);
  await useSession(applicantContext, 'demo', a.cookie);
  const applicant = await applicantContext.newPage();
  await applicant.goto(partnerUrl('demo', `/dashboard/applications/${a.id}?tab=representatives`));
  await applicant.getByRole('button', { name: 'Send new invitation to Erika Mustermann' }).click();
  await expect(applicant.getByText('A new invitation has been sent to Erika Mustermann.')).toBeVisible();
  await applicantContext.close();

  let second = first;
  await expect
    .poll(
      async () => {
        const res = await request.get(apiUrl(`/dev/mailbox/messages?to=${encodeURIComponent(a.signerEmail)}`));
        const { messages } = (await res.json()) as { messages: { template: string; text: string }[] };
        const links = messages
          .filter((m) => m.template === 'signature_invitation')
          .map((m) => linkIn(m as Parameters<typeof linkIn>[0]));
        second = links.find((l) => l !== first) ?? first;
        return second !== first;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await acceptInvitation(signer, second, a.company, a.short);
  await signer.goto(partnerUrl('demo', `/dashboard/applications/${a.id}?tab=signatures`));
  await expect(signer.getByRole('list', { name: 'Your signature steps' })).toBeVisible();
  await signerContext.close();
});

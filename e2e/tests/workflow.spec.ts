import type { Browser, Page } from '@playwright/test';
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
import { linkIn, uniqueEmail, waitForMail } from './support/mailbox';
import { checkPage } from './support/page-check';

/**
 * The application's life as one workflow (issue 24): two representatives sign, the applicant
 * does not. Signing opens once the applicant accepted the offer; each signer gets one invitation
 * and lands on their signing steps; the applicant follows who has signed on the overview; a
 * contract the back office replaces after one of them signed resets that person's signature, and
 * they are told to sign the new version.
 */
test.use({ locale: 'en-GB' });

const PASSWORD = 'Signer-Pass-2026!';
const TAX_ID = '86095742719';
const NEW_CONTRACT = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% loan contract, version 2\n%%EOF\n');

async function newPerson(browser: Browser, page: Page) {
  const context = await browser.newContext({ viewport: page.viewportSize(), locale: 'en-GB' });
  await useLanguage(context, 'demo', 'en');
  return context;
}

test('two signers, one invitation each; the applicant follows them; a replaced contract is signed again', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(480_000);
  const label = `${testInfo.project.name}-${Date.now().toString(36)}`;
  // The applicant, who signs nothing, and two representatives who sign together.
  const email = uniqueEmail(`wf-applicant-${label}`);
  await registerViaApi('demo', email, 'en');
  await confirmEmailViaApi(request, 'demo', email);
  const cookie = await loginViaApi('demo', email);
  const company = `Workflow ${label} GmbH`;
  const app = await createApplicationViaApi('demo', cookie, demoApplication({ companyName: company }));
  const { applicationId: id, shortApplicationId: short } = app;
  const anna = uniqueEmail(`wf-anna-${label}`);
  const bert = uniqueEmail(`wf-bert-${label}`);
  const signer = (first: string, address: string) => ({
    ...COMPLETE_SIGNATORY,
    first_name: first,
    last_name: 'Signer',
    email: address,
    is_sole_signatory: false,
    percentage_owned: 0,
    is_beneficial_owner: false,
  });
  await seedFixtures('demo', id, { status: 'Pricing', signatories: [signer('Anna', anna), signer('Bert', bert)] });

  // The back office makes the final offer; before the applicant accepts, nobody is invited.
  const staff = await createStaffViaApi('demo', { kind: 'bouser' });
  await useLanguage(page.context(), 'demo', 'en');
  await loginAsStaff(page, 'demo', staff, `/backoffice/applications/${id}`);
  await setFinalPricing(page, '5.25', '1500');
  await moveCase(page, 'Offer available', 'Final offer made');
  await page.getByRole('tab', { name: /^Representatives/ }).click();
  await expect(page.getByRole('button', { name: /Send invitation: / })).toHaveCount(0);
  const accepted = await apiCall(
    'demo',
    'PATCH',
    `/user/applications/${id}/status`,
    { status: 'Offer_Accepted' },
    cookie,
  );
  expect(accepted.status).toBe(200);
  await page.reload();
  await provideContract(page, 'Loan contract', short);
  await moveCase(page, 'Signature', 'Contracts ready: please sign');

  // One invitation each, and nothing more when the case page is looked at again.
  const annaInvite = await waitForMail(request, anna, 'signature_invitation');
  await waitForMail(request, bert, 'signature_invitation');
  await page.reload();
  await page.getByRole('tab', { name: /^Representatives/ }).click();
  const annaCard = page.getByRole('article').filter({ hasText: 'Anna Signer' });
  await expect(annaCard.getByRole('button', { name: 'Resend invitation: Anna Signer' })).toBeVisible();
  await expect(annaCard).toContainText(/first on .*, last on /);
  await checkPage(page, testInfo, 'workflow-backoffice-invited');
  const invitations = async (to: string) => {
    const res = await request.get(apiUrl(`/dev/mailbox/messages?to=${encodeURIComponent(to)}`));
    const { messages } = (await res.json()) as { messages: { template: string }[] };
    return messages.filter((m) => m.template === 'signature_invitation').length;
  };
  expect(await invitations(anna)).toBe(1);
  expect(await invitations(bert)).toBe(1);

  // Anna accepts her invitation and lands on her signing steps; she signs.
  const annaContext = await newPerson(browser, page);
  const annaPage = await annaContext.newPage();
  await annaPage.goto(linkIn(annaInvite));
  await annaPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await annaPage.getByLabel('Repeat password').fill(PASSWORD);
  await annaPage
    .getByRole('checkbox', { name: /I accept the/ })
    .first()
    .check();
  await annaPage.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(annaPage).toHaveURL(/tab=signatures/);
  await expect(annaPage.getByRole('list', { name: 'Your signature steps' })).toBeVisible();
  await annaPage.getByRole('textbox', { name: 'Personal tax ID' }).fill(TAX_ID);
  await annaPage.getByRole('button', { name: 'Save tax ID' }).click();
  await expect(annaPage.getByText(/^Your tax ID has been saved: /)).toBeVisible();
  await annaPage.getByRole('button', { name: 'Start identity check' }).click();
  await annaPage.getByRole('button', { name: /^Confirm: identity checked/ }).click();
  await expect(annaPage.getByText('Your identity has been confirmed.')).toBeVisible({ timeout: 30_000 });
  await annaPage.getByRole('checkbox', { name: 'SEPA direct debit mandate' }).check();
  await annaPage.getByRole('checkbox', { name: /legally binding signature/ }).check();
  await annaPage.getByRole('button', { name: 'Sign and submit' }).click();
  await annaPage.getByRole('dialog', { name: 'Sign the contract?' }).getByRole('button', { name: 'Sign now' }).click();
  await expect(annaPage.getByText('Your signature is complete')).toBeVisible();

  // The applicant follows the signers on the overview: Anna signed, Bert not yet (with resend).
  const applicantContext = await newPerson(browser, page);
  await useSession(applicantContext, 'demo', cookie);
  const applicant = await applicantContext.newPage();
  await applicant.goto(partnerUrl('demo', `/dashboard/applications/${id}`));
  const signers = applicant.getByRole('list', { name: 'Representatives who sign' });
  await expect(signers.getByRole('listitem').filter({ hasText: 'Anna Signer' })).toContainText('Signed on');
  const bertItem = signers.getByRole('listitem').filter({ hasText: 'Bert Signer' });
  await expect(bertItem).toContainText('Not signed yet');
  await expect(bertItem.getByRole('button', { name: 'Send new invitation to Bert Signer' })).toBeVisible();
  await checkPage(applicant, testInfo, 'workflow-applicant-follows');

  // The back office replaces the loan contract (a PDF made elsewhere) and shows it: Anna signs again.
  await page.getByRole('tab', { name: /^Documents/ }).click();
  const loanBox = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Loan contract' }) });
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    loanBox.getByRole('button', { name: /Upload PDF/ }).click(),
  ]);
  await chooser.setFiles({ name: 'Loan-contract-v2.pdf', mimeType: 'application/pdf', buffer: NEW_CONTRACT });
  await expect(loanBox).toContainText('Latest: Loan-contract-v2.pdf');
  const show = page.getByRole('switch', { name: 'Visible to the customer: Loan-contract-v2.pdf' });
  await show.click();
  await expect(show).toBeChecked();
  const resign = await waitForMail(request, anna, 'signature_resign');
  expect(resign.text).toContain('Loan-contract-v2.pdf');
  await annaPage.reload();
  await expect(annaPage.getByText('Your signature is complete')).toHaveCount(0);
  // The signing session covered version 1: she signs version 2 in a new one, her tax ID kept.
  const steps = annaPage.getByRole('list', { name: 'Your signature steps' });
  await expect(steps.getByRole('article', { name: 'Step 1: Personal tax ID' })).toContainText('Done');
  await expect(steps.getByRole('article', { name: 'Step 2: Identity check' })).toContainText('To do');
  await expect(annaPage.getByRole('button', { name: 'Start identity check' })).toBeVisible();
  await checkPage(annaPage, testInfo, 'workflow-sign-again');
  await applicant.reload();
  await expect(signers.getByRole('listitem').filter({ hasText: 'Anna Signer' })).toContainText('Not signed yet');
  // The audit trail says why.
  await page.getByRole('tab', { name: 'Audit trail' }).click();
  await expect(page.getByRole('table', { name: /entries/ })).toContainText('signature.reset');
  await annaContext.close();
  await applicantContext.close();
});

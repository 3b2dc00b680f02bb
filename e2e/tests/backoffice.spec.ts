import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiCall, registerViaApi } from './support/api';
import { createStaffViaApi, loginAsStaff, staffCode } from './support/backoffice';
import {
  COMPLETE_SIGNATORY,
  createApplicationViaApi,
  demoApplication,
  loginViaApi,
  seedFixtures,
  useLanguage,
  useSession,
} from './support/dashboard';
import { apiUrl, partnerUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { uniqueEmail, type Mail } from './support/mailbox';
import { checkPage } from './support/page-check';

/**
 * The back office (issue 13): a case from the queue through review, pricing (four eyes) and
 * signature to the payout, by two staff members, while the borrower watches the status tag.
 */
test.use({ locale: 'en-GB' });

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const moveCard = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: 'Move status' }) });
const pricingCard = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: 'Final pricing' }) });

/** Moves the open case to the status labelled `to`, with a reason, through the confirmation. */
async function move(page: Page, to: string, reason = `Checked: ready for ${to.toLowerCase()}`) {
  const card = moveCard(page);
  await card.getByLabel('New status').selectOption({ label: to });
  await card.getByLabel('Reason').fill(reason);
  await card.getByRole('button', { name: 'Move status …' }).click();
  const dialog = page.getByRole('dialog', { name: /^Move case / });
  await expect(dialog).toContainText(`to ${to}.`);
  await dialog.getByRole('button', { name: `Move to ${to}` }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.fp-bo-headline')).toContainText(to);
}

/** Waits for the e-mail to the borrower whose subject starts with `subject` (the status e-mails share one template). */
async function waitForStatusMail(request: APIRequestContext, to: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(apiUrl(`/dev/mailbox/messages?to=${encodeURIComponent(to)}`));
        const { messages } = (await res.json()) as { messages: Mail[] };
        found = messages.find((m) => m.template === 'application_status_changed' && m.subject.startsWith(subject));
        return Boolean(found);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

const statusMails = async (request: APIRequestContext, to: string) => {
  const res = await request.get(apiUrl(`/dev/mailbox/messages?to=${encodeURIComponent(to)}`));
  const { messages } = (await res.json()) as { messages: Mail[] };
  return messages.filter((m) => m.template === 'application_status_changed').map((m) => m.subject);
};

/**
 * What the borrower sees on the application's page after a reload: the status tag (its text and
 * colour) and, while the application is being reviewed, the in-review alert.
 */
async function expectBorrowerSees(
  borrower: Page,
  id: string,
  tag: { text: string; colour: string },
  inReviewAlert: boolean,
) {
  await borrower.goto(partnerUrl('demo', `/dashboard/applications/${id}`));
  const badge = borrower.locator('.fp-frame-header [data-status-colour]');
  await expect(badge).toHaveText(tag.text);
  await expect(badge).toHaveAttribute('data-status-colour', tag.colour);
  const alert = borrower.getByRole('status').filter({ hasText: 'Your application is being reviewed' });
  if (inReviewAlert) await expect(alert).toBeVisible();
  else await expect(alert).toHaveCount(0);
}

/** A context of its own (another person), at the width of the project, in English. */
async function newPerson(browser: Browser, page: Page) {
  const context = await browser.newContext({ viewport: page.viewportSize(), locale: 'en-GB' });
  await useLanguage(context, 'demo', 'en');
  return context;
}

test('two staff members take a submitted case to the payout; the borrower sees each stage', async ({
  page,
  context,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(360_000);
  // The borrower and a submitted application.
  const email = uniqueEmail('backoffice');
  await registerViaApi('demo', email, 'en');
  const cookie = await loginViaApi('demo', email);
  const company = `Backoffice ${testInfo.project.name} ${Date.now()} GmbH`;
  const app = await createApplicationViaApi('demo', cookie, demoApplication({ companyName: company }));
  // One representative who signs alone (no share: no guarantee to sign).
  await seedFixtures('demo', app.applicationId, {
    status: 'Submitted',
    signatories: [
      { ...COMPLETE_SIGNATORY, email: uniqueEmail('bo-signer'), percentage_owned: 0, is_beneficial_owner: false },
    ],
  });
  const short = app.shortApplicationId;

  const borrowerContext = await newPerson(browser, page);
  await useSession(borrowerContext, 'demo', cookie);
  const borrower = await borrowerContext.newPage();
  await borrower.goto(partnerUrl('demo', '/dashboard/applications'));
  const borrowerRow = borrower.getByTestId('application-row').filter({ hasText: `ID ${short}` });
  await expect(borrowerRow.locator('[data-status-colour]')).toHaveText('In review');
  const id = app.applicationId;
  await expectBorrowerSees(borrower, id, { text: 'In review', colour: 'processing' }, true);

  // The first staff member: login with password and one-time code.
  const first = await createStaffViaApi('demo', { kind: 'bouser' });
  await useLanguage(context, 'demo', 'en');
  await page.goto(partnerUrl('demo', '/backoffice'));
  await expect(heading(page, 'Back-office login')).toBeVisible();
  await expect(page).toHaveTitle('Back-office login - Demo Finanz');
  await expect(page.getByLabel('One-time code')).toHaveAttribute('autocomplete', 'one-time-code');
  await checkPage(page, testInfo, 'backoffice-login');
  // A wrong code is refused and nothing typed is lost.
  await page.getByLabel('E-mail address').fill(first.email);
  await page.getByLabel('Password', { exact: true }).fill(first.password);
  const right = staffCode(first);
  await page.getByLabel('One-time code').fill(right === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('The e-mail address, the password or the code is wrong.');
  await expect(page.getByLabel('E-mail address')).toHaveValue(first.email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(first.password);
  // The next code of the authenticator (the refused one did not use up a time step).
  await page.getByLabel('One-time code').fill(staffCode(first));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(heading(page, 'Queue')).toBeVisible();
  await expect(page.getByTestId('staff-email')).toContainText(first.email);
  await expect(page).toHaveTitle('Queue - Demo Finanz');

  // Find the case by its short id, take it.
  await page.getByRole('searchbox', { name: /Search/ }).fill(short);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${short}`));
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: short, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('table')).toHaveCount(1);
  await expect(row).toContainText(company);
  await expect(row).toContainText('Submitted');
  await checkPage(page, testInfo, 'backoffice-queue');
  await row.getByRole('button', { name: `Assign to me: ${short}` }).click();
  await expect(row).toContainText('You');
  await expect(row.getByRole('button', { name: `Assign to me: ${short}` })).toHaveCount(0);

  // The case page: back link keeps the search.
  await row.getByRole('link', { name: short, exact: true }).click();
  await expect(heading(page, `${short} · ${company}`)).toBeVisible();
  await expect(page).toHaveTitle(`${short} · ${company} - Demo Finanz`);
  await expect(page.getByRole('link', { name: /Back to the queue/ })).toHaveAttribute(
    'href',
    new RegExp(`/backoffice\\?q=${short}$`),
  );
  await expect(page.locator('.fp-bo-assignee')).toContainText('Assigned to: You');
  await checkPage(page, testInfo, 'backoffice-case');

  await move(page, 'Pre-check');
  await move(page, 'Internal review');
  await move(page, 'Pricing');
  // Moves inside the review: the borrower still sees "In review", and gets no e-mail for them.
  await expectBorrowerSees(borrower, id, { text: 'In review', colour: 'processing' }, true);
  expect(await statusMails(request, email)).toEqual([]);

  // The pricing: an out-of-bounds rate is refused, then the final rate and fee are set.
  const pricing = pricingCard(page);
  await expect(pricing).toContainText('interest rate from 1.00% to 15.00%');
  await pricing.getByLabel('Interest rate (p.a.)').fill('20');
  await pricing.getByLabel('Transaction fee').fill('1500');
  await pricing.getByRole('button', { name: 'Set pricing' }).click();
  await expect(pricing).toContainText('The interest rate must be between 1% and 15%.');
  await expect(pricing.getByLabel('Interest rate (p.a.)')).toBeFocused();
  await pricing.getByLabel('Interest rate (p.a.)').fill('5.25');
  await pricing.getByRole('button', { name: 'Set pricing' }).click();
  await expect(pricing.getByTestId('pricing-set-by')).toContainText('Set by you on');
  await expect(pricing).toContainText('5.25%');
  await expect(pricing).toContainText('€1,500');
  await checkPage(page, testInfo, 'backoffice-case-pricing');

  await move(page, 'Offer available');
  // Only the borrower accepts the offer: staff are not offered that move (ADR 021).
  expect(await moveCard(page).getByLabel('New status').locator('option').allTextContents()).not.toContain(
    'Offer accepted',
  );
  // The borrower is told by e-mail, sees the final offer on the overview and accepts it.
  await expect
    .poll(async () => {
      const res = await request.get(apiUrl(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`));
      return ((await res.json()) as { messages: Mail[] }).messages.some((m) => m.template === 'offer_available');
    })
    .toBe(true);
  await borrower.goto(partnerUrl('demo', `/dashboard/applications/${id}`));
  const offer = borrower.getByTestId('final-offer-card');
  await expect(offer.getByRole('heading', { name: 'Your final offer' })).toBeVisible();
  await expect(offer).toContainText('5.25%');
  await expect(offer).toContainText('The interest rate and the fee are final.');
  await offer.getByRole('button', { name: 'Accept the offer' }).click();
  const confirm = borrower.getByRole('dialog', { name: 'Accept the offer?' });
  await expect(confirm).toContainText('5.25% interest p.a.');
  await confirm.getByRole('button', { name: 'Accept now' }).click();
  await expect(borrower.getByTestId('result-notice')).toContainText('you accepted the final offer');
  await expect(borrower).toHaveURL(/result=success/);
  await expect(borrower.getByTestId('offer-accepted')).toContainText('You accepted this offer on');
  await checkPage(borrower, testInfo, 'overview-offer-accepted');

  // The contract for the signature, shown to the customer; then signing opens.
  await page.reload();
  await expect(page.locator('.fp-bo-headline')).toContainText('Offer accepted');
  await page.getByRole('tab', { name: /^Documents/ }).click();
  const loanBox = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Loan contract' }) });
  await loanBox.getByRole('button', { name: 'Generate loan contract' }).click();
  await expect(loanBox).toContainText(`Latest: Loan-contract-${short}.pdf`);
  await page.getByRole('switch', { name: `Visible to the customer: Loan-contract-${short}.pdf` }).click();
  await move(page, 'Signature');
  await expectBorrowerSees(borrower, id, { text: 'Waiting for signatures', colour: 'error' }, false);
  const toSign = await waitForStatusMail(request, email, `Your application ${short} is ready to sign`);
  expect(toSign.language).toBe('en');
  expect(toSign.text).toContain(`/dashboard/applications/${id}`);
  // The applicant signs nothing here: the e-mail says the others sign, and where to follow them.
  expect(toSign.text).toContain('You do not have to sign anything yourself');
  // Nobody leaves Signature before every signature is there: the move is shown, not to be chosen.
  const finalReview = moveCard(page).getByRole('option', { name: 'Final review (not possible yet)' });
  await expect(finalReview).toBeDisabled();
  await expect(moveCard(page).getByLabel('New status')).toHaveAccessibleDescription(/Not everyone has signed yet/);
  // The representative signs (the signing itself is walked in signatures.spec.ts); the portal moves on.
  await seedFixtures('demo', id, { signatures_completed: true });
  // The system's move is a job: its e-mail says it is done, then the borrower's page shows it.
  await waitForStatusMail(request, email, `Signatures for your application ${short} received`);
  await expectBorrowerSees(borrower, id, { text: 'In review after signature', colour: 'processing' }, true);
  await page.reload();
  await expect(page.locator('.fp-bo-headline')).toContainText('Final review');

  // Four eyes: whoever set the pricing is not offered Approved.
  const options = await moveCard(page).getByLabel('New status').locator('option').allTextContents();
  expect(options).not.toContain('Approved');
  expect(options).toContain('Signature');
  await expect(moveCard(page)).toContainText('A colleague must approve');
  await expect(pricing).toContainText(
    'The pricing is set while the case is in review and the customer has not accepted the offer yet.',
  );
  await checkPage(page, testInfo, 'backoffice-four-eyes');
  // Not only the screen: the API refuses the approval by whoever set the pricing.
  const firstSession = (await context.cookies(partnerUrl('demo'))).find((c) => c.name === 'fp_staff');
  const refused = await apiCall(
    'demo',
    'PATCH',
    `/backoffice/applications/${id}/status`,
    { status: 'Approved', reason: 'Approving my own pricing' },
    `fp_staff=${firstSession!.value}`,
  );
  expect(refused.status).toBe(403);
  expect(JSON.stringify(refused.json)).toContain('err_approve_require_different_user');

  // A second staff member, in a browser of their own, approves and pays out.
  const second = await createStaffViaApi('demo', { kind: 'bouser' });
  const colleagueContext = await newPerson(browser, page);
  const colleague = await colleagueContext.newPage();
  await loginAsStaff(colleague, 'demo', second, `/backoffice/applications/${app.applicationId}`);
  await expect(heading(colleague, `${short} · ${company}`)).toBeVisible();
  await expect(moveCard(colleague)).not.toContainText('A colleague must approve');
  await expect(pricingCard(colleague).getByTestId('pricing-set-by')).toContainText(`Set by ${first.email}`);
  await move(colleague, 'Approved', 'Second check done: approved');
  await move(colleague, 'Awaiting payout');
  await move(colleague, 'Paid out');
  await expect(moveCard(colleague)).toContainText('No status change is possible from the current status.');
  await colleague.getByRole('tab', { name: 'Status history' }).click();
  const history = colleague.getByRole('table', { name: /status changes/ });
  await expect(history).toContainText('Approved → Awaiting payout');
  await expect(history).toContainText('Second check done: approved');
  await expect(history).toContainText(`${first.email} (staff)`);
  // The move after the last signature was the portal's own.
  await expect(history.getByRole('row').filter({ hasText: 'Signature → Final review' })).toContainText('System');
  await checkPage(colleague, testInfo, 'backoffice-history');
  await colleague.getByRole('tab', { name: 'Audit trail' }).click();
  await expect(colleague.getByRole('table', { name: /entries/ })).toContainText('application.pricing_set');
  await checkPage(colleague, testInfo, 'backoffice-audit');
  await colleagueContext.close();

  // The borrower's dashboard shows the payout, and the e-mail says so.
  await expectBorrowerSees(borrower, id, { text: 'Paid out', colour: 'success' }, false);
  await borrower.goto(partnerUrl('demo', '/dashboard/applications'));
  await expect(borrowerRow.locator('[data-status-colour]')).toHaveText('Paid out');
  await waitForStatusMail(request, email, `Your loan ${short} has been paid out`);
  // One e-mail per stage the borrower can tell apart, none for the moves inside a stage.
  expect((await statusMails(request, email)).length).toBe(3);
  await borrowerContext.close();
});

import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiCall, registerViaApi } from './support/api';
import { createStaffViaApi, loginAsStaff } from './support/backoffice';
import { dismissToasts } from './support/toasts';
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
import { partnerUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { chooseFiles } from './support/files';
import { uniqueEmail } from './support/mailbox';
import { checkPage } from './support/page-check';

/**
 * The case page's actions (issue 13): a document rejected and a question asked in the back office
 * reach the borrower; contracts generated, uploaded and shown; representatives invited and
 * identified; the case given to a colleague; the queue filtered by that colleague and downloaded
 * as CSV.
 */
test.use({ locale: 'en-GB' });

const REASON = 'The pages with the balance sheet are missing. Please upload a complete copy.';
const QUESTION = 'Which bank holds your current account, and since when?';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% e2e guarantee agreement\n%%EOF\n');

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const card = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
const openTab = async (page: Page, name: RegExp) => {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
};
const pendingItem = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Open items' }).getByRole('listitem').filter({ hasText: title });

/** A borrower with a confirmed account and an application in Pricing: its id, short id, company and session. */
async function caseInPricing(
  request: APIRequestContext,
  label: string,
  fixtures: Parameters<typeof seedFixtures>[2] = {},
) {
  const email = uniqueEmail(label);
  await registerViaApi('demo', email, 'en');
  await confirmEmailViaApi(request, 'demo', email);
  const cookie = await loginViaApi('demo', email);
  const company = `Case ${label} ${Date.now().toString(36)} GmbH`;
  const app = await createApplicationViaApi('demo', cookie, demoApplication({ companyName: company }));
  await seedFixtures('demo', app.applicationId, { status: 'Pricing', ...fixtures });
  return { id: app.applicationId, short: app.shortApplicationId, company, cookie };
}

test('a document rejected and a question asked in the back office reach the borrower', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const borrowerCase = await caseInPricing(request, `requests-${testInfo.project.name}`, {
    documents: [{ document_type: 'annual_statement_2024' }],
  });
  const { id, short, company } = borrowerCase;

  const staff = await createStaffViaApi('demo', { kind: 'bouser' });
  await useLanguage(page.context(), 'demo', 'en');
  await loginAsStaff(page, 'demo', staff, `/backoffice/applications/${id}`);
  await expect(heading(page, `${short} · ${company}`)).toBeVisible();

  // Documents: reject the annual statement with a reason, through the dialog.
  await openTab(page, /^Documents/);
  const row = page.getByRole('row').filter({ hasText: 'annual_statement_2024.pdf' });
  await row.getByRole('button', { name: 'Reject: annual_statement_2024.pdf' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject document' });
  await expect(dialog).toContainText('Annual financial statement 2024: annual_statement_2024.pdf');
  await expect(dialog.getByLabel('Reason for the customer')).toBeFocused();
  await dialog.getByRole('button', { name: 'Reject document' }).click();
  await expect(dialog).toContainText('This field is required.');
  await page.keyboard.type(REASON);
  await dismissToasts(page);
  await checkPage(page, testInfo, 'backoffice-case-reject');
  await dialog.getByRole('button', { name: 'Reject document' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('The document has been rejected. The customer is asked for a new file.')).toBeVisible();
  await expect(row).toContainText('Rejected');
  await expect(row).toContainText(REASON);
  await expect(row.getByRole('button', { name: /^Reject/ })).toHaveCount(0);
  await dismissToasts(page);
  await checkPage(page, testInfo, 'backoffice-case-documents-rejected');

  // Requests: the rejection asks for the type again; a question is asked in the form.
  await openTab(page, /^Requests \(1\)/);
  const requests = card(page, 'Requests to the customer');
  await expect(requests.getByRole('listitem')).toHaveCount(1);
  await expect(requests.getByRole('listitem').first()).toContainText('Annual financial statement 2024');
  await expect(requests.getByRole('listitem').first()).toContainText(REASON);
  const ask = card(page, 'Ask the customer');
  await ask.getByLabel('What do you ask for?').selectOption({ label: 'Information' });
  await expect(ask.getByLabel('Document type')).toHaveCount(0);
  await ask.getByLabel('Message to the customer').fill(QUESTION);
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('The request has been sent to the customer.')).toBeVisible();
  await expect(ask.getByLabel('Message to the customer')).toHaveValue('');
  await expect(requests.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('tab', { name: /^Requests \(2\)/ })).toBeVisible();
  await expect(requests).toContainText(QUESTION);
  await dismissToasts(page);
  await checkPage(page, testInfo, 'backoffice-case-requests');

  // The borrower: both are pending items; the rejected statement is a pending item again.
  const borrowerContext = await browser.newContext({ viewport: page.viewportSize(), locale: 'en-GB' });
  await useLanguage(borrowerContext, 'demo', 'en');
  await useSession(borrowerContext, 'demo', borrowerCase.cookie);
  const borrower = await borrowerContext.newPage();
  await borrower.goto(partnerUrl('demo', `/dashboard/applications/${id}`));
  const documents = pendingItem(borrower, 'Upload the documents your advisor asked for');
  await expect(documents).toContainText('Your advisor has asked for: Annual financial statement 2024.');
  await expect(pendingItem(borrower, "Answer your advisor's questions")).toContainText(
    '1 question is waiting for your answer.',
  );
  await expect(borrower.getByRole('region', { name: 'Questions from your advisor' })).toContainText(QUESTION);
  await documents.getByRole('link', { name: 'Go to documents' }).click();
  const annual = borrower.getByRole('region', { name: 'Annual financial statement 2024', exact: true });
  await expect(annual).toContainText('New file needed');
  await expect(annual).toContainText(REASON);
  await borrowerContext.close();
});

test('contracts, invitations, identification, a colleague and the CSV export', async ({ page, request }, testInfo) => {
  test.setTimeout(300_000);
  const signer = { ...COMPLETE_SIGNATORY, email: uniqueEmail('signer') };
  const borrowerCase = await caseInPricing(request, `contracts-${testInfo.project.name}`, { signatories: [signer] });
  const { id, short, company } = borrowerCase;
  const colleague = await createStaffViaApi('demo', { kind: 'bouser' });
  const staff = await createStaffViaApi('demo', { kind: 'bouser' });
  await useLanguage(page.context(), 'demo', 'en');
  await loginAsStaff(page, 'demo', staff, `/backoffice/applications/${id}`);
  await expect(heading(page, `${short} · ${company}`)).toBeVisible();

  // Without the final pricing: the moves and the contract that need it say so before the click.
  const move = card(page, 'Move status');
  // The server sends the move with its guard (ADR 021): offered, disabled, and why.
  const offer = move.getByRole('option', { name: 'Offer available (not possible yet)' });
  await expect(offer).toBeDisabled();
  await expect(move).toContainText('Offer available: Set the final pricing first');
  await openTab(page, /^Documents/);
  const loan = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Loan contract' }) });
  await expect(loan.getByRole('button', { name: 'Generate loan contract' })).toBeDisabled();
  await expect(card(page, 'Contracts')).toContainText('Generating a contract needs the final pricing');
  await dismissToasts(page);
  await checkPage(page, testInfo, 'backoffice-case-contracts-no-pricing');

  const pricing = card(page, 'Final pricing');
  await pricing.getByLabel('Interest rate (p.a.)').fill('5.25');
  await pricing.getByLabel('Transaction fee').fill('1500');
  await pricing.getByRole('button', { name: 'Set pricing' }).click();
  await expect(pricing.getByTestId('pricing-set-by')).toContainText('Set by you on');
  await expect(move.getByRole('option', { name: 'Offer available', exact: true })).toBeEnabled();

  // The loan contract, generated and shown to the customer.
  await loan.getByRole('button', { name: 'Generate loan contract' }).click();
  await expect(page.getByText('Loan contract generated.')).toBeVisible();
  await expect(loan).toContainText(`Latest: Loan-contract-${short}.pdf`);
  await expect(loan).toContainText('hidden from the customer');
  const visible = page.getByRole('switch', { name: `Visible to the customer: Loan-contract-${short}.pdf` });
  await expect(visible).not.toBeChecked();
  // From the keyboard: the switch takes the space bar.
  await visible.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(`Loan-contract-${short}.pdf is now visible to the customer.`)).toBeVisible();
  await expect(visible).toBeChecked();
  await expect(loan).toContainText('visible to the customer');

  // The guarantee agreement, uploaded: a file that is no PDF is refused in the browser.
  const guarantee = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Guarantee agreement' }) });
  await chooseFiles(guarantee.getByRole('button', { name: 'Upload PDF: Guarantee agreement' }), {
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a contract'),
  });
  await expect(guarantee.getByRole('alert')).toContainText('Please choose a PDF file.');
  await chooseFiles(guarantee.getByRole('button', { name: 'Upload PDF: Guarantee agreement' }), {
    name: 'Bürgschaft unterschrieben.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(page.getByText('Guarantee agreement uploaded.')).toBeVisible();
  await expect(guarantee.getByRole('alert')).toHaveCount(0);
  await expect(guarantee).toContainText('Latest: Bürgschaft unterschrieben.pdf');
  await dismissToasts(page);
  await checkPage(page, testInfo, 'backoffice-case-contracts');

  // The borrower's documents: the contract shown, the uploaded one still hidden.
  const listed = await apiCall('demo', 'GET', `/user/applications/${id}/documents`, undefined, borrowerCase.cookie);
  const names = (listed.json as { result: { document_name: string; document_type: string }[] }).result.map(
    (d) => `${d.document_type}: ${d.document_name}`,
  );
  expect(names).toContain(`loan_contract: Loan-contract-${short}.pdf`);
  expect(names.some((n) => n.startsWith('guarantor_contract'))).toBe(false);

  // Representatives: nobody is contacted before the customer accepted the offer (ADR 021).
  await openTab(page, /^Representatives/);
  const person = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Erika Mustermann' }) });
  await expect(person).toContainText('Not invited yet');
  await expect(page.getByTestId('people-closed')).toContainText('Invitations go out when the case reaches Signature');
  await expect(person.getByRole('button', { name: /Send invitation|identification/ })).toHaveCount(0);
  // At Signature (set here by the fixture, without the move's own invitations): send it, then again.
  await seedFixtures('demo', id, { status: 'Signature' });
  await page.reload();
  await openTab(page, /^Representatives/);
  await person.getByRole('button', { name: 'Send invitation: Erika Mustermann' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite Erika Mustermann to sign?' });
  await expect(invite).toContainText(`The invitation goes to ${signer.email}.`);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toBeHidden();
  await expect(person).toContainText('Invitation sent');
  // Invited once: "resend", never a second "invite", and when it was sent.
  await expect(person.getByRole('button', { name: 'Resend invitation: Erika Mustermann' })).toBeVisible();
  await expect(person).toContainText(/first on .*, last on /);
  await person.getByRole('button', { name: 'Mark identification done: Erika Mustermann' }).click();
  const identify = page.getByRole('dialog', { name: 'Identification of Erika Mustermann' });
  await identify.getByLabel('How was the person identified?').fill('Identified in the Berlin branch with her ID card.');
  await identify.getByRole('button', { name: 'Mark as done' }).click();
  await expect(identify).toBeHidden();
  await expect(person).toContainText('IdentificationDone');
  await expect(person.getByRole('button', { name: /identification/ })).toHaveCount(0);
  await dismissToasts(page);
  await checkPage(page, testInfo, 'backoffice-case-people');

  // Give the case to the colleague.
  const head = page.locator('.fp-bo-assignee');
  await head.getByLabel('Give to a colleague').selectOption({ label: colleague.email });
  await head.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText(`Case ${short} is now assigned to ${colleague.email}.`)).toBeVisible();
  await expect(head).toContainText(`Assigned to: ${colleague.email}`);
  await dismissToasts(page);
  await checkPage(page, testInfo, 'backoffice-case-assigned');

  // The queue by that colleague, and its CSV.
  await page.getByRole('link', { name: /Back to the queue/ }).click();
  await expect(heading(page, 'Queue')).toBeVisible();
  await page.getByLabel('Assigned to').selectOption({ label: colleague.email });
  await expect(page).toHaveURL(new RegExp(`[?&]assignee=${colleague.id}`));
  const queueRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: short, exact: true }) });
  await expect(queueRow).toContainText(colleague.email);
  await expect(page.getByRole('table')).toContainText('1 case');
  await dismissToasts(page);
  await checkPage(page, testInfo, 'backoffice-queue-colleague');
  const link = page.getByRole('link', { name: /Download CSV/ });
  await expect(link).toHaveAttribute('href', new RegExp(`applications\\.csv\\?.*assignee=${colleague.id}`));
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^applications-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(short);
  expect(lines[1]).toContain(company);
  expect(lines[1]).toContain(colleague.email);
});

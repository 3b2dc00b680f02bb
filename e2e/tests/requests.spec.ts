import type { Page } from '@playwright/test';
import { apiCall, registerViaApi } from './support/api';
import { createStaffViaApi, staffCode } from './support/backoffice';
import {
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
 * The borrower's side of the back office's requests (issue 13): a rejected document and a question
 * become pending items; the borrower answers the question on the overview and uploads a new file
 * on the Documents tab.
 */
test.use({ locale: 'en-GB' });

const REASON = 'The pages with the balance sheet are missing. Please upload a complete copy.';
const QUESTION = 'Which bank holds your current account, and since when?';
const BANK_REQUEST = 'Please send the statements of your business account for the last three months.';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% e2e annual statement, complete\n%%EOF\n');

/** A staff session (fp_staff cookie) of a fresh bouser, logged in through the API with its one-time code. */
async function staffSession(): Promise<string> {
  const staff = await createStaffViaApi('demo', { kind: 'bouser' });
  const res = await apiCall('demo', 'POST', '/backoffice/login', {
    email: staff.email,
    password: staff.password,
    code: staffCode(staff),
  });
  if (res.status !== 200 || !res.cookie)
    throw new Error(`staff login failed: ${res.status} ${JSON.stringify(res.json)}`);
  return res.cookie;
}

async function asStaff(cookie: string, path: string, body: unknown): Promise<void> {
  const res = await apiCall('demo', 'POST', `/backoffice/applications/${path}`, body, cookie);
  if (res.status !== 200) throw new Error(`${path} failed: ${res.status} ${JSON.stringify(res.json)}`);
}

const pendingItem = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Open items' }).getByRole('listitem').filter({ hasText: title });

test('a rejected document and a question: the borrower answers and uploads a new file', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('requests');
  await registerViaApi('demo', email, 'en');
  await confirmEmailViaApi(page.request, 'demo', email);
  const cookie = await loginViaApi('demo', email);
  const { applicationId: id } = await createApplicationViaApi('demo', cookie, demoApplication());
  await seedFixtures('demo', id, { documents: [{ document_type: 'annual_statement_2024' }] });
  const listed = await apiCall('demo', 'GET', `/user/applications/${id}/documents`, undefined, cookie);
  const document = (listed.json as { result: { document_id: string }[] }).result[0]!;

  // The back office rejects the statement, asks for a bank statement and asks a question.
  const staff = await staffSession();
  await asStaff(staff, `${id}/documents/${document.document_id}/reject`, { reason: REASON });
  await asStaff(staff, `${id}/requests`, { kind: 'document', document_type: 'bank_statement', message: BANK_REQUEST });
  await asStaff(staff, `${id}/requests`, { kind: 'information', message: QUESTION });

  await useLanguage(page.context(), 'demo', 'en');
  await useSession(page.context(), 'demo', cookie);
  await page.goto(partnerUrl('demo', `/dashboard/applications/${id}`));

  // Both are pending items.
  const documents = pendingItem(page, 'Upload the documents your advisor asked for');
  await expect(documents).toContainText(
    'Your advisor has asked for: Annual financial statement 2024 and Bank statement.',
  );
  const questions = pendingItem(page, "Answer your advisor's questions");
  await expect(questions).toContainText('1 question is waiting for your answer.');
  const card = page.getByRole('region', { name: 'Questions from your advisor' });
  await expect(card.getByRole('textbox', { name: 'Your answer' })).toBeVisible();
  await checkPage(page, testInfo, 'requests-overview');

  // The pending item leads to the question; an empty answer is refused, then the answer is sent.
  await questions.getByRole('link', { name: 'Go to the questions' }).click();
  await expect(card.getByRole('heading', { name: 'Questions from your advisor' })).toBeFocused();
  await card.getByRole('button', { name: 'Send answer' }).click();
  await expect(card.getByText('This field is required.')).toBeVisible();
  const field = card.getByRole('textbox', { name: 'Your answer' });
  await expect(field).toBeFocused();
  await page.keyboard.type('Sparkasse Köln, since 2015.');
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Send answer' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Thank you. Your answer has been sent to your advisor.')).toBeVisible();
  await expect(card.getByText('There are no open questions at the moment.')).toBeVisible();
  await expect(questions).toHaveCount(0);
  await card.getByText('1 earlier question').click();
  await expect(card.getByText('Sparkasse Köln, since 2015.')).toBeVisible();
  await checkPage(page, testInfo, 'requests-answered');

  // The Documents tab: the rejected file with its reason, the slot open again, the requested type.
  await documents.getByRole('link', { name: 'Go to documents' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Documents' })).toBeVisible();
  const awaited = page.getByRole('note', { name: 'Your advisor is waiting for documents' });
  await expect(awaited.getByRole('link')).toHaveText(['Annual financial statement 2024', 'Bank statement']);
  const annual = page.getByRole('region', { name: 'Annual financial statement 2024', exact: true });
  await expect(annual).toContainText('New file needed');
  await expect(annual.getByRole('list', { name: 'Files for Annual financial statement 2024' })).toContainText(
    `Rejected on`,
  );
  await expect(annual).toContainText(REASON);
  const bank = page.getByRole('region', { name: 'Bank statement', exact: true });
  await expect(bank.getByText('Requested', { exact: true })).toBeVisible();
  await expect(bank.getByRole('note')).toContainText(BANK_REQUEST);
  await checkPage(page, testInfo, 'requests-documents');

  // A new, complete statement: the type is complete again, the rejected file keeps its reason.
  await chooseFiles(annual.getByRole('button', { name: /^Choose files for/ }), {
    name: 'Jahresabschluss 2024 komplett.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(annual.getByText('Checked: clean')).toBeVisible({ timeout: 20_000 });
  await expect(annual).not.toContainText('New file needed');
  await expect(annual).toContainText(REASON);
  await expect(awaited.getByRole('link')).toHaveText(['Bank statement']);
  await checkPage(page, testInfo, 'requests-documents-uploaded');

  // Back on the overview only the bank statement is still asked for.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(documents).toContainText('Your advisor has asked for: Bank statement.');
});

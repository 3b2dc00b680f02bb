import type { Locator, Page } from '@playwright/test';
import { registerViaApi } from './support/api';
import {
  confirmEmailViaApi,
  createApplicationViaApi,
  daysAgo,
  demoApplication,
  loginViaApi,
  useLanguage,
  useSession,
} from './support/dashboard';
import { partnerUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { chooseFiles } from './support/files';
import { uniqueEmail } from './support/mailbox';
import { checkPage } from './support/page-check';

// Issue 11: the Documents tab against the real API (demo partner: annual statement 2024 required,
// BWA with SuSa required with an as-of date, bank statement with an as-of date; 90 days each).
test.use({ locale: 'en-GB' });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% e2e annual statement\n%%EOF\n');
const typeCard = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function customer(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  await registerViaApi('demo', email, 'en');
  await confirmEmailViaApi(page.request, 'demo', email);
  const cookie = await loginViaApi('demo', email);
  const created = await createApplicationViaApi('demo', cookie, demoApplication());
  await useLanguage(page.context(), 'demo', 'en');
  await useSession(page.context(), 'demo', cookie);
  return { cookie, id: created.applicationId };
}

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('.');
/** The type's "Choose files" button, clicked (tapped on the phone), and the files picked in the browser's chooser. */
const pick = (card: Locator, files: Parameters<typeof chooseFiles>[1]) =>
  chooseFiles(card.getByRole('button', { name: /^Choose files for/ }), files);

/** Drags a file onto a type's drop area, as a user does from the desktop (dragenter, dragover, drop). */
async function drop(page: Page, card: Locator, name: string, bytes: Buffer, type = 'application/pdf') {
  const dataTransfer = await page.evaluateHandle(
    ({ name, base64, type }) => {
      const transfer = new DataTransfer();
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([data], name, { type }));
      return transfer;
    },
    { name, base64: bytes.toString('base64'), type },
  );
  const area = card.getByLabel(/^Upload area for/);
  for (const event of ['dragenter', 'dragover', 'drop']) await area.dispatchEvent(event, { dataTransfer });
}

test('upload, open, download and delete a document; refusals say which rule', async ({ page }, testInfo) => {
  const { id } = await customer(page, 'docs');
  await page.goto(partnerUrl('demo', `/dashboard/applications/${id}?tab=documents`));
  await expect(page.getByRole('heading', { level: 2, name: 'Documents' })).toBeVisible();

  const annual = typeCard(page, 'Annual financial statement 2024');
  await expect(annual).toContainText('Required');
  await expect(annual).toContainText('Accepted: PDF, DOCX, XLSX, JPG, PNG · up to 20 MB');
  await checkPage(page, testInfo, 'documents-empty');

  // A refused file type, before anything is sent.
  await pick(annual, { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(annual.getByText(/setup\.exe was not uploaded: This file type is not accepted here/)).toBeVisible();

  // A PDF dragged onto the type: uploaded, checked by clamd, listed, survives a reload.
  await drop(page, annual, 'Jahresabschluss 2024.pdf', PDF);
  const files = annual.getByRole('list', { name: 'Files for Annual financial statement 2024' });
  await expect(files.getByText('Jahresabschluss 2024.pdf')).toBeVisible();
  await expect(files.getByText('Checked: clean')).toBeVisible({ timeout: 20_000 });
  await page.reload();
  await expect(files.getByText('Jahresabschluss 2024.pdf')).toBeVisible();

  // Download: the same bytes under the original name.
  const downloading = page.waitForEvent('download');
  await files.getByRole('button', { name: 'Download Jahresabschluss 2024.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Jahresabschluss 2024.pdf');
  const saved = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of saved) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(PDF)).toBe(true);

  // Open: a new tab with the file.
  const opening = page.context().waitForEvent('page');
  await files.getByRole('button', { name: 'Open Jahresabschluss 2024.pdf in a new tab' }).click();
  const preview = await opening;
  await expect.poll(() => preview.url()).toContain('/api/downloads/');
  await preview.close();

  // A bank statement: the date first; one older than 90 days is refused with the rule.
  const bank = typeCard(page, 'Bank statement');
  await expect(bank.getByText('Please enter the date of the document first.')).toBeVisible();
  await bank.getByLabel('Date of the document').fill(ddmmyyyy(daysAgo(120)));
  await pick(bank, { name: 'statement.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(bank.getByText(/statement\.pdf was not uploaded: The document is too old/)).toBeVisible();

  // A password-protected PDF: the server refuses it after the upload, the row says why.
  await bank.getByLabel('Date of the document').fill(ddmmyyyy(daysAgo(5)));
  const encrypted = Buffer.concat([PDF, Buffer.from('trailer << /Encrypt 5 0 R >>\n')]);
  await pick(bank, { name: 'locked.pdf', mimeType: 'application/pdf', buffer: encrypted });
  await expect(bank.getByRole('alert')).toContainText('The PDF is password-protected');
  await checkPage(page, testInfo, 'documents-files');

  // Delete, with confirmation.
  await files.getByRole('button', { name: 'Delete Jahresabschluss 2024.pdf' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete file?' });
  await expect(confirm).toContainText('Jahresabschluss 2024.pdf');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(annual.getByText('Jahresabschluss 2024.pdf')).toHaveCount(0);
  await expect(page.getByText('The file has been deleted.')).toBeVisible();
});

test('a file with a virus is removed; the base-year switch names the statements it deletes and asks first', async ({
  page,
}, testInfo) => {
  const { id } = await customer(page, 'docs-year');
  await page.goto(partnerUrl('demo', `/dashboard/applications/${id}?tab=documents`));
  const annual = typeCard(page, 'Annual financial statement 2024');

  // The EICAR test string inside a PDF: clamd finds it, the file is removed and never offered.
  const infected = Buffer.concat([
    PDF,
    Buffer.from(`% X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*\n`),
  ]);
  await pick(annual, { name: 'virus.pdf', mimeType: 'application/pdf', buffer: infected });
  const files = annual.getByRole('list', { name: 'Files for Annual financial statement 2024' });
  await expect(files.getByText('Infected: removed')).toBeVisible({ timeout: 20_000 });
  await expect(files.getByRole('button', { name: 'Download virus.pdf' })).toHaveCount(0);

  await pick(annual, { name: 'JA 2024.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(files.getByText('Checked: clean')).toBeVisible({ timeout: 20_000 });

  // The switch: a confirmation that names the files; cancelling keeps everything.
  const year = page.getByRole('combobox', { name: 'Base year of the annual statements' });
  await expect(year).toHaveValue('2024');
  await year.selectOption('2023');
  const confirm = page.getByRole('dialog', { name: 'Switch the base year to 2023?' });
  await expect(confirm.getByRole('listitem')).toHaveText(['JA 2024.pdf', 'virus.pdf']);
  await checkPage(page, testInfo, 'documents-base-year');
  await confirm.getByRole('button', { name: 'Keep the current year' }).click();
  await expect(confirm).toBeHidden();
  await expect(year).toHaveValue('2024');
  await expect(files.getByText('JA 2024.pdf')).toBeVisible();

  await year.selectOption('2023');
  await confirm.getByRole('button', { name: 'Switch to 2023 and delete' }).click();
  await expect(page.getByText('Base year changed to 2023; 2 files were deleted.')).toBeVisible();
  await expect(typeCard(page, 'Annual financial statement 2023')).toBeVisible();
  await expect(annual).toHaveCount(0);
  await expect(year).toHaveValue('2023');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Base year of the annual statements' })).toHaveValue('2023');
  await expect(page.getByText('JA 2024.pdf')).toHaveCount(0);
});

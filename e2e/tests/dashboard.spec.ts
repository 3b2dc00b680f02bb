import type { Locator, Page } from '@playwright/test';
import { PASSWORD, registerViaApi } from './support/api';
import {
  alpenApplication,
  COMPLETE_SIGNATORY,
  confirmEmailViaApi,
  createApplicationViaApi,
  daysAgo,
  demoApplication,
  IBAN_SPACED,
  listApplicationsViaApi,
  loginViaApi,
  pendingActionsViaApi,
  seedFixtures,
  useLanguage,
  useSession,
  utcDate,
} from './support/dashboard';
import { partnerUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { linkIn, uniqueEmail, waitForMail } from './support/mailbox';
import { checkPage } from './support/page-check';

// English texts throughout: the language cookie of each partner is set to en (and the browser agrees).
test.use({ locale: 'en-GB' });

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const rowOf = (scope: Page | Locator, shortId: string) =>
  scope.getByTestId('application-row').filter({ hasText: `ID ${shortId}` });
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('my loans: action-required and other cards, status colours, buttons, amounts, dates and short ids', async ({
  page,
  context,
  request,
}, testInfo) => {
  const email = uniqueEmail('dashboard-list');
  await registerViaApi('demo', email, 'en');
  await confirmEmailViaApi(request, 'demo', email);
  const cookie = await loginViaApi('demo', email);

  // Five applications, moved to statuses of every colour through the dev fixtures route.
  const wanted = [
    { status: 'Open', amount: 110_000, text: '€110,000', label: 'Not completed', colour: 'error', card: 'action' },
    {
      status: 'Signature',
      amount: 120_000,
      text: '€120,000',
      label: 'Waiting for signatures',
      colour: 'error',
      card: 'action',
    },
    { status: 'Submitted', amount: 130_000, text: '€130,000', label: 'In review', colour: 'processing', card: 'other' },
    { status: 'Paid_Out', amount: 140_000, text: '€140,000', label: 'Paid out', colour: 'success', card: 'other' },
    { status: 'Rejected', amount: 150_000, text: '€150,000', label: 'Closed', colour: 'default', card: 'other' },
  ] as const;
  const ids: Record<string, string> = {};
  for (const w of wanted) {
    const created = await createApplicationViaApi('demo', cookie, demoApplication({ loanSize: w.amount }));
    if (w.status !== 'Open') await seedFixtures('demo', created.applicationId, { status: w.status });
    ids[w.status] = created.applicationId;
  }
  const listed = await listApplicationsViaApi('demo', cookie);
  expect(listed).toHaveLength(wanted.length);

  await useLanguage(context, 'demo', 'en');
  await useSession(context, 'demo', cookie);
  await page.goto(partnerUrl('demo', '/dashboard/applications'));
  await expect(heading(page, 'My loans')).toBeVisible();
  await expect(page).toHaveTitle('My loans - Demo Finanz');
  await expect(page.getByRole('link', { name: 'New loan' })).toHaveAttribute('href', '/application/loan-info');

  const cards = {
    action: page.getByRole('region', { name: 'Action required' }),
    other: page.getByRole('region', { name: 'Other applications' }),
  };
  await expect(cards.action.getByTestId('application-row')).toHaveCount(2);
  await expect(cards.other.getByTestId('application-row')).toHaveCount(3);

  const backgrounds = new Map<string, string>();
  for (const w of wanted) {
    const item = listed.find((a) => a.applicationId === ids[w.status])!;
    expect(item.status).toBe(w.status);
    const row = rowOf(cards[w.card], item.shortApplicationId);
    await expect(row).toHaveCount(1);
    // Amount in the currency without fractions, created date of the UTC day, short id.
    await expect(row.getByText(w.text, { exact: true })).toBeVisible();
    await expect(row).not.toContainText(`${w.text}.00`);
    await expect(row).toContainText(`Created on ${utcDate(item.created)}`);
    await expect(row).toContainText(`ID ${item.shortApplicationId}`);
    // The status tag: translated group in the colour of the spec.
    const badge = row.locator('[data-status-colour]');
    await expect(badge).toHaveText(w.label);
    await expect(badge).toHaveAttribute('data-status-colour', w.colour);
    backgrounds.set(w.colour, await badge.evaluate((el) => getComputedStyle(el).backgroundColor));
    // 'Complete application' for Open, 'View' otherwise; filled in the action-required card only.
    const button = row.getByRole('link', { name: w.status === 'Open' ? 'Complete application' : 'View', exact: true });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('data-variant', w.card === 'action' ? 'filled' : 'outline');
    await expect(button).toHaveAttribute('href', `/dashboard/applications/${item.applicationId}`);
  }
  // Four colours, four different tag backgrounds.
  expect(new Set(backgrounds.values()).size).toBe(4);
  await checkPage(page, testInfo, 'dashboard-applications');

  // A submitted application: in review, no submit button, breadcrumb back to the list.
  const submitted = listed.find((a) => a.applicationId === ids.Submitted)!;
  await rowOf(cards.other, submitted.shortApplicationId).getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(partnerUrl('demo', `/dashboard/applications/${submitted.applicationId}`));
  await expect(heading(page, `Application ${submitted.shortApplicationId}`)).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb).toContainText(`€130,000 · ${submitted.shortApplicationId}`);
  await expect(page.locator('.fp-frame-header [data-status-colour]')).toHaveText('In review');
  await expect(page.getByRole('status').filter({ hasText: 'Your application is being reviewed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit application' })).toHaveCount(0);
  for (const tab of ['Overview', 'Representatives', 'Documents']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  await expect(page.getByText('There is nothing for you to do at the moment.')).toBeVisible();
  await checkPage(page, testInfo, 'dashboard-overview-in-review');
  await breadcrumb.getByRole('link', { name: 'Loans' }).click();
  await expect(heading(page, 'My loans')).toBeVisible();

  // The open one: submit offered but blocked while items are pending.
  const open = listed.find((a) => a.applicationId === ids.Open)!;
  await rowOf(cards.action, open.shortApplicationId).getByRole('link', { name: 'Complete application' }).click();
  await expect(heading(page, `Application ${open.shortApplicationId}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit application' })).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: 'Your application is being reviewed' })).toHaveCount(0);
  const pending = page.getByRole('region', { name: 'Open items' });
  await expect(pending.locator('[data-action="bank_information"]')).toBeVisible();
  await expect(pending.locator('[data-action="email_verification"]')).toHaveCount(0);
});

test('alpen: bank data, tax number and a custom field fill the open items, then the submission', async ({
  page,
  context,
  request,
}, testInfo) => {
  const email = uniqueEmail('dashboard-alpen');
  const company = `Bergbahn Technik ${Date.now().toString(36)}-${testInfo.project.name} GmbH`;
  await registerViaApi('alpen', email, 'en');
  await confirmEmailViaApi(request, 'alpen', email);
  const cookie = await loginViaApi('alpen', email);
  const app = await createApplicationViaApi('alpen', cookie, await alpenApplication(company));
  // Representatives and documents have their screens in later issues: a complete sole signer, the
  // annual statement and a bank statement that is too old (maximum age 90 days).
  await seedFixtures('alpen', app.applicationId, {
    signatories: [{ ...COMPLETE_SIGNATORY, custom_fields_list: [{ field_id: 'pep', field_value: false }] }],
    documents: [
      { document_type: 'annual_statement_2024' },
      { document_type: 'bank_statement', as_of_date: daysAgo(120) },
    ],
  });

  await useLanguage(context, 'alpen', 'en');
  await useSession(context, 'alpen', cookie);
  await page.goto(partnerUrl('alpen', `/dashboard/applications/${app.applicationId}`));
  await expect(heading(page, `Application ${app.shortApplicationId}`)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(
    `€120,000 · ${app.shortApplicationId}`,
  );
  const badge = page.locator('.fp-frame-header [data-status-colour]');
  await expect(badge).toHaveText('Not completed');
  await expect(badge).toHaveAttribute('data-status-colour', 'error');

  const pending = page.getByRole('region', { name: 'Open items' });
  const item = (action: string) => pending.locator(`[data-action="${action}"]`);
  const submit = page.getByRole('button', { name: 'Submit application' });
  await expect(pending).toContainText('3 items still need to be completed before you can submit your application.');
  await expect(item('bank_information')).toContainText('Enter your bank details');
  await expect(item('company_tin')).toContainText('The tax number of the company is missing.');
  await expect(item('required_documents')).toContainText(
    'Some documents are out of date. Please upload a current version of: Bank statement.',
  );
  await expect(item('email_verification')).toHaveCount(0);
  await expect(item('signatories_specified')).toHaveCount(0);
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAccessibleDescription('Please complete the open items first.');

  // The custom-field cards of the dynamic form, with the values of the application.
  const companyCard = page.getByRole('region', { name: 'Company', exact: true });
  await expect(companyCard).toContainText('Number of employees');
  await expect(companyCard).toContainText('25');
  await expect(page.getByRole('region', { name: 'Details', exact: true })).toContainText('Manufacturing');
  await expect(page.locator('#bank-info')).toContainText('You have not added any bank details yet.');
  await checkPage(page, testInfo, 'dashboard-overview-open');

  // Bank data from the pending item's link: a wrong IBAN is refused, a valid one saved.
  await item('bank_information').getByRole('link', { name: 'Enter bank details' }).click();
  await expect(page).toHaveURL(/[?&]tab=overview&modal=bankinfo$/);
  const bankDialog = page.getByRole('dialog', { name: 'Add bank details' });
  await expect(bankDialog).toBeVisible();
  await bankDialog.getByRole('textbox', { name: 'Bank name' }).fill('Commerzbank Innsbruck');
  const iban = bankDialog.getByRole('textbox', { name: 'IBAN' });
  await iban.fill('DE89 3704 0044 0532 0130 01');
  await bankDialog.getByRole('button', { name: 'Save' }).click();
  await expect(bankDialog.getByText('Please enter a valid IBAN.')).toBeVisible();
  await expect(iban).toHaveAttribute('aria-invalid', 'true');
  await expect(bankDialog).toBeVisible();
  await iban.fill(IBAN_SPACED);
  await bankDialog.getByRole('button', { name: 'Save' }).click();
  await expect(bankDialog).toBeHidden();
  await expect(page).not.toHaveURL(/modal=/);
  await expect(page.locator('#bank-info')).toContainText('Commerzbank Innsbruck');
  await expect(page.locator('#bank-info')).toContainText(IBAN_SPACED);
  await expect(item('bank_information')).toHaveCount(0);
  await expect(pending).toContainText('2 items still need to be completed');

  // The company tax number from its pending item.
  await item('company_tin').getByRole('link', { name: 'Enter tax number' }).click();
  await expect(page).toHaveURL(/[?&]tab=overview&modal=tax_id$/);
  const taxDialog = page.getByRole('dialog', { name: 'Company tax number' });
  // An Austrian company (issue 26): the form of its country, named when it is not met.
  const taxNumber = taxDialog.getByRole('textbox', { name: 'Tax number' });
  await taxNumber.fill('AT12345678');
  await taxDialog.getByRole('button', { name: 'Save' }).click();
  await expect(taxNumber).toHaveAccessibleDescription(/Please enter an Austrian tax number \(e\.g\. 12-345\/6789\)/);
  await taxNumber.fill('ATU13585627');
  await taxDialog.getByRole('button', { name: 'Save' }).click();
  await expect(taxDialog).toBeHidden();
  const companyInfo = page.getByRole('region', { name: 'Company information' });
  await expect(companyInfo).toContainText('ATU13585627');
  await expect(companyInfo).toContainText(company);
  await expect(item('company_tin')).toHaveCount(0);
  await expect(pending).toContainText('1 item still needs to be completed');
  await expect(submit).toBeDisabled();

  // A custom field of the company card.
  await companyCard.getByRole('button', { name: 'Edit Company' }).click();
  const fieldsDialog = page.getByRole('dialog', { name: 'Edit Company' });
  await fieldsDialog.getByRole('textbox', { name: 'Number of employees' }).fill('30');
  await fieldsDialog.getByRole('button', { name: 'Save' }).click();
  await expect(fieldsDialog).toBeHidden();
  await expect(page.getByText('Your details have been updated.').first()).toBeVisible();
  await expect(companyCard).toContainText('30');
  await expect(companyCard).not.toContainText('25');

  // The last item: a current bank statement (documents come through the fixtures route).
  await seedFixtures('alpen', app.applicationId, {
    documents: [{ document_type: 'bank_statement', as_of_date: daysAgo(10) }],
  });
  await page.reload();
  await expect(pending.getByRole('status')).toHaveText('Everything is complete. You can now submit your application.');
  await expect(item('required_documents')).toHaveCount(0);
  await expect(submit).toBeEnabled();

  // Submit through the confirmation dialog; cancel first, then confirm.
  await submit.click();
  const confirm = page.getByRole('dialog', { name: 'Submit application?' });
  await expect(confirm).toContainText('Once submitted, we will review your application.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await submit.click();
  await confirm.getByRole('button', { name: 'Submit now' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Your application has been submitted.').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your application is being reviewed' })).toBeVisible();
  await expect(badge).toHaveText('In review');
  await expect(badge).toHaveAttribute('data-status-colour', 'processing');
  await expect(submit).toHaveCount(0);
  await expect(pending.getByRole('status')).toHaveText('There is nothing for you to do at the moment.');
  await expect(page.locator('#bank-info')).toContainText(
    'The bank details can no longer be changed at the current stage of your application.',
  );
  await checkPage(page, testInfo, 'dashboard-overview-submitted');

  // The confirmation mail, in the customer's language, linking to the application.
  const mail = await waitForMail(request, email, 'application_submitted');
  expect(mail.language).toBe('en');
  expect(mail.subject).toBe(`Your application ${app.shortApplicationId} has been submitted – Alpen Leasing`);
  expect(linkIn(mail)).toBe(partnerUrl('alpen', `/dashboard/applications/${app.applicationId}`));

  // The list agrees: no longer in 'Action required'.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Loans' }).click();
  await expect(heading(page, 'My loans')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Action required' })).toHaveCount(0);
  await expect(
    rowOf(page.getByRole('region', { name: 'Other applications' }), app.shortApplicationId).locator(
      '[data-status-colour]',
    ),
  ).toHaveText('In review');
});

test('the confirmation link of the registration mail goes through login, confirms and leaves a clean URL', async ({
  page,
  context,
  request,
}, testInfo) => {
  const email = uniqueEmail('dashboard-confirm');
  await registerViaApi('demo', email, 'en');
  const cookie = await loginViaApi('demo', email);
  const app = await createApplicationViaApi('demo', cookie, demoApplication());
  expect(await pendingActionsViaApi('demo', cookie, app.applicationId)).toContain('email_verification');

  const mail = await waitForMail(request, email, 'confirm_email');
  expect(mail.language).toBe('en');
  const link = linkIn(mail);
  expect(link).toMatch(
    new RegExp(
      `^${escapeRe(partnerUrl('demo', '/dashboard/applications?confirmation_token='))}[^&\\s]+&email_confirm_required=true$`,
    ),
  );

  // Logged out in this browser: the guard sends the link through login and back.
  await useLanguage(context, 'demo', 'en');
  await page.goto(link);
  await expect(page).toHaveURL(partnerUrl('demo', '/login'));
  await expect(heading(page, 'Log in')).toBeVisible();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click();

  await expect(page.getByText('Your e-mail address has been confirmed.').first()).toBeVisible();
  await expect(heading(page, 'My loans')).toBeVisible();
  await expect(page).toHaveURL(partnerUrl('demo', '/dashboard/applications'));
  expect(new URL(page.url()).search).toBe('');
  await expect(rowOf(page.getByRole('region', { name: 'Action required' }), app.shortApplicationId)).toBeVisible();
  expect(await pendingActionsViaApi('demo', cookie, app.applicationId)).not.toContain('email_verification');
  await checkPage(page, testInfo, 'dashboard-applications-confirmed');

  // The overview no longer asks for the confirmation; settings show the address as verified.
  await rowOf(page, app.shortApplicationId).getByRole('link', { name: 'Complete application' }).click();
  const pending = page.getByRole('region', { name: 'Open items' });
  await expect(pending.locator('[data-action="bank_information"]')).toBeVisible();
  await expect(pending.locator('[data-action="email_verification"]')).toHaveCount(0);
  await page.goto(partnerUrl('demo', '/dashboard/settings'));
  await expect(heading(page, 'Settings')).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
});
